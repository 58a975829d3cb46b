import type { Db } from "../../db/client.ts";
import { insertAuditEntries } from "../../db/queries/audit-log.ts";
import { AUDIT_VALUE_CAP, type AuditKind, type TruncatedValue } from "../../../shared/audit/audit-kinds.ts";

/** Who made a change: the signed-in user, or null for the payment provider acting on its own (renewals, charges). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditChange {
  kind: AuditKind;
  /** The owner of the application or the account the change is about: who administers it reads it. */
  ownerId: string;
  application?: { id: string; name: string };
  target?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes entries of the change-management log. Call it with the transaction handle of the change itself, so a
 * change that fails leaves no entry and one that commits never lacks it. Values are capped (AUDIT_VALUE_CAP):
 * callers pass only what changed, and never tokens or passwords.
 */
export async function recordAudit(tx: Db, actor: AuditActor | null, ...changes: AuditChange[]): Promise<void> {
  await insertAuditEntries(
    tx,
    changes.map((change) => ({
      actorUserId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      ownerId: change.ownerId,
      applicationId: change.application?.id ?? null,
      applicationName: change.application?.name ?? null,
      kind: change.kind,
      target: change.target ?? null,
      before: capped(change.before),
      after: capped(change.after),
    })),
  );
}

/** A value as stored: unchanged under the cap, else a marker with its size and the start of its JSON. */
export function capped(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  if (json === undefined || json.length <= AUDIT_VALUE_CAP) return value;
  const truncated: TruncatedValue = { truncated: true, size: json.length, preview: json.slice(0, 120) };
  return truncated;
}

/** The keys whose values differ, with their before and after values (for settings and answers). */
export function changedKeys(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return undefined;
  return {
    before: Object.fromEntries(keys.map((key) => [key, capped(before[key] ?? null)])),
    after: Object.fromEntries(keys.map((key) => [key, capped(after[key] ?? null)])),
  };
}
