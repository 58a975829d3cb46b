import { offlineDb, ownerKeyOf } from "./db.ts";

/**
 * The answers of the last new record saved on this device for one form, by one user: what
 * `${last-saved#name}` defaults read (ODK's last-saved instance). Edits of older records do not replace it.
 */
export interface LastSavedRecord {
  ownerKey: string;
  applicationId: string;
  answers: Record<string, unknown>;
  savedAt: string;
}

/** The last saved answers of the form, null when this user saved none on this device. */
export async function lastSavedAnswers(
  userId: string | null,
  applicationId: string,
): Promise<Record<string, unknown> | null> {
  const row = await offlineDb().lastSaved.get([ownerKeyOf(userId), applicationId]);
  return row?.answers ?? null;
}
