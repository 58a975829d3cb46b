/** Spec 001 §9: the draft lives in session storage, is written 2 s after the last change and expires after 1 h. */
export const DRAFT_WRITE_DELAY_MS = 2000;
export const DRAFT_MAX_AGE_MS = 60 * 60 * 1000;

export function draftKey(applicationId: string): string {
  return `form_state_${applicationId}`;
}

/** What a draft keeps: JSON answers and the form location. Photo and signature blobs are not kept (session storage holds text only). */
export interface Draft<Values> {
  values: Values;
  location: DraftLocation | null;
  savedAt: number;
  /** The record being edited, so an edit draft never restores into a new record (and vice versa). */
  editSubmissionId: string | null;
}

export interface DraftLocation {
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: string;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function saveDraft<Values>(storage: DraftStorage, applicationId: string, draft: Draft<Values>): boolean {
  try {
    storage.setItem(draftKey(applicationId), JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or blocked: the draft is a convenience, the outbox is the record's safety.
    return false;
  }
}

function isDraft(value: unknown): value is Draft<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    "values" in value &&
    typeof value.values === "object" &&
    value.values !== null &&
    "savedAt" in value &&
    typeof value.savedAt === "number"
  );
}

/** The stored draft when it is recent and belongs to the same mode (new record or this edit); stale or broken ones are removed. */
export function loadDraft<Values>(
  storage: DraftStorage,
  applicationId: string,
  now: number,
  editSubmissionId: string | null,
): Draft<Values> | null {
  const key = draftKey(applicationId);
  let parsed: unknown;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isDraft(parsed) || now - parsed.savedAt > DRAFT_MAX_AGE_MS || parsed.savedAt > now) {
    clearDraft(storage, applicationId);
    return null;
  }
  if ((parsed.editSubmissionId ?? null) !== editSubmissionId) return null;
  return { ...parsed, location: parsed.location ?? null, editSubmissionId } as Draft<Values>;
}

export function clearDraft(storage: DraftStorage, applicationId: string): void {
  try {
    storage.removeItem(draftKey(applicationId));
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
