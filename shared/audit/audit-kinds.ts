/**
 * What the change-management log records (audit_log.kind). The server writes these, the page filters and renders by
 * them; before / after hold only what changed (never tokens or passwords).
 */
export const AUDIT_KINDS = [
  "application.created",
  "application.updated",
  "application.deleted",
  "field.added",
  "field.updated",
  "field.removed",
  "member.added",
  "member.removed",
  "member.role_changed",
  "member.status_changed",
  "invite.sent",
  "invite.accepted",
  "invite.cancelled",
  "plan.checkout_completed",
  "plan.changed",
  "plan.canceled",
  "plan.resumed",
  "plan.past_due",
  "record.updated",
  "record.restored",
  "record.reviewed",
  "record.deleted",
  "data.cleared",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A stored value longer than this (as JSON) is replaced by a marker saying so: the log is no copy of the data. */
export const AUDIT_VALUE_CAP = 500;

/** What replaces a value over the cap. */
export interface TruncatedValue {
  truncated: true;
  /** Its length as JSON, in characters. */
  size: number;
  preview: string;
}

export function isTruncatedValue(value: unknown): value is TruncatedValue {
  return typeof value === "object" && value !== null && (value as { truncated?: unknown }).truncated === true;
}
