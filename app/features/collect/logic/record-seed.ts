type SeedStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function seedKey(applicationId: string): string {
  return `form_seed_${applicationId}`;
}

/**
 * The seed randomized options follow for one record (shared/fields/appearances.ts `randomize`): an edited
 * record's id, or a new record's random seed kept with its draft in session storage, so reopening the draft
 * shows the options in the same order and the next record gets a new one.
 */
export function recordSeed(storage: SeedStorage, applicationId: string, editSubmissionId: string | null): string {
  if (editSubmissionId !== null) return editSubmissionId;
  try {
    const stored = storage.getItem(seedKey(applicationId));
    if (stored) return stored;
    const seed = crypto.randomUUID();
    storage.setItem(seedKey(applicationId), seed);
    return seed;
  } catch {
    // Storage blocked: the order holds for this page view only.
    return crypto.randomUUID();
  }
}

export function clearRecordSeed(storage: SeedStorage, applicationId: string): void {
  try {
    storage.removeItem(seedKey(applicationId));
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
