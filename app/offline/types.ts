import type { ApplicationWithFields } from "../../shared/applications/application-dtos.ts";
import type { AppPermissions } from "../../shared/permissions/permissions.ts";
import type { SubmissionLocation } from "../../shared/submissions/sync-schemas.ts";

export type { AppPermissions, SubmissionLocation };

/**
 * pending: waiting to be sent (also after a failed attempt). syncing: in a batch being sent right now (a crash
 * leaves it there; the next sync treats it as pending). blocked: the owner's record limit is reached; kept and
 * retried on later syncs. rejected: the server will not take it as is; kept and shown. synced: acknowledged.
 */
export const OUTBOX_STATUSES = ["pending", "syncing", "blocked", "rejected", "synced"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Statuses of records the server has not stored yet and that a sync sends. */
export const UNSENT_STATUSES = ["pending", "syncing", "blocked"] as const satisfies readonly OutboxStatus[];

/** The spec's local reason for a record held back by the plan limit (spec 001 §3). */
export const BLOCKED_REASON = "limite_excedido";
/** A record whose photo or signature the owner's storage limit refused: kept and retried like a blocked one. */
export const STORAGE_BLOCKED_REASON = "armazenamento_excedido";

/** What a media answer holds while its blob waits in the outbox; the engine adds attachmentId after upload. */
export interface PendingMediaAnswer {
  sha256: string;
  contentType: string;
  /** The blob's size: audio, video and file questions cap it, and the server checks it is the upload's. */
  bytes: number;
  /** The picked file's own name (file questions), shown and offered as the download's name. */
  fileName?: string;
  attachmentId?: string;
}

export interface FieldErrorInfo {
  key: string;
  params?: Record<string, string | number>;
}

export interface OutboxRecord {
  /** Client-made uuid: the server's key, so a resent record is stored once. */
  id: string;
  /** The user id, or 'anonymous' for records saved before login (claimed at login). */
  ownerKey: string;
  applicationId: string;
  answers: Record<string, unknown>;
  location: SubmissionLocation | null;
  /** Sent as clientCreatedAt; fixed at save time so every resend carries the same payload. */
  createdAt: string;
  updatedAt: string;
  /** Set for an edit of a record already on the server (its submission id). */
  editOf: string | null;
  /**
   * The form version the record was collected with (the cached application's), so it syncs and is checked against
   * that version even after the form changed; absent on records saved before form versions (checked as current).
   */
  formVersion?: number;
  /** The version of the entity a follow-up record updates, as the device had it when the record was made. */
  entityBaseVersion?: number;
  status: OutboxStatus;
  /** blocked: 'limite_excedido'; rejected: the server's reason. */
  reason?: string;
  /** Per-field errors of a rejected record. */
  errors?: Record<string, FieldErrorInfo>;
  formError?: FieldErrorInfo;
  blockedAt?: string;
  syncedAt?: string;
  /** The server kept an earlier, different payload under this id for review. */
  conflict?: boolean;
  /** Sync attempts that ended without an answer for this record. */
  attempts: number;
}

export interface MediaBlob {
  recordId: string;
  fieldId: string;
  ownerKey: string;
  sha256: string;
  contentType: string;
  blob: Blob;
  fileName?: string;
  /** Set once the server holds the bytes (PUT /api/attachments/:sha256). */
  attachmentId?: string;
}

/** What the device keeps of GET /api/applications/:id so the collect screen opens offline. */
export type ApplicationDetailSnapshot = Pick<ApplicationWithFields, "application" | "fields" | "permissions">;

export interface CachedApplication extends ApplicationDetailSnapshot {
  ownerKey: string;
  id: string;
  cachedAt: string;
}
