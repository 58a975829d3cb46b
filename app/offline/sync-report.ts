/**
 * not_logged_in: no user to sync for. invalid_session: the server answered 401 to the session check.
 * server_unrecognised: the server's session belongs to someone else than the records' user.
 * lost_during_sync: the session ended between batches (spec 001 §8 'Erro de autenticação durante sincronização').
 */
export type SyncAuthError = "not_logged_in" | "invalid_session" | "server_unrecognised" | "lost_during_sync";

export interface SyncReport {
  /** Stored on the server by this run, or already stored before (created + duplicate). */
  synced: number;
  /** Of `synced`: the server already had them (an earlier send whose answer was lost). */
  duplicates: number;
  /** Held back by the owner's plan limit; kept on the device and sent again on later syncs. */
  blocked: number;
  /** Of `blocked`: held back because the owner's storage limit refused their media. */
  storageBlocked: number;
  /** Refused for good (invalid answers, no access…); kept on the device with the reasons. */
  rejected: number;
  /** The server already had a different record under the same id and kept both for review. */
  conflicts: number;
  /** Still waiting after this run (no answer, server error): sent again on the next sync. */
  failed: number;
  /** The device is offline or the server could not be reached. */
  networkError: boolean;
  authError?: SyncAuthError;
  /** offline: postponed before any request. nothing: no record was waiting. */
  skipped?: "offline" | "nothing";
  manual: boolean;
}

export function emptyReport(manual: boolean): SyncReport {
  return {
    synced: 0,
    duplicates: 0,
    blocked: 0,
    storageBlocked: 0,
    rejected: 0,
    conflicts: 0,
    failed: 0,
    networkError: false,
    manual,
  };
}
