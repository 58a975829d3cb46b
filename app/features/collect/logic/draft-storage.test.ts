import { describe, expect, it } from "vitest";
import { clearDraft, DRAFT_MAX_AGE_MS, draftKey, loadDraft, saveDraft, type Draft } from "./draft-storage.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const APP = "8d6f4b7e-2f7c-4f59-9a51-0c7e4f0b1a11";
const draft = (savedAt: number, editSubmissionId: string | null = null): Draft<Record<string, unknown>> => ({
  values: { a: "Rua 1", b: 3 },
  location: null,
  savedAt,
  editSubmissionId,
});

describe("draft storage", () => {
  it("stores under form_state_{applicationId}", () => {
    const storage = memoryStorage();
    saveDraft(storage, APP, draft(1000));
    expect([...storage.items.keys()]).toEqual([`form_state_${APP}`]);
    expect(draftKey(APP)).toBe(`form_state_${APP}`);
  });

  it("restores a draft younger than one hour", () => {
    const storage = memoryStorage();
    saveDraft(storage, APP, draft(1000));
    expect(loadDraft(storage, APP, 1000 + DRAFT_MAX_AGE_MS, null)?.values).toEqual({ a: "Rua 1", b: 3 });
  });

  it("drops a draft older than one hour", () => {
    const storage = memoryStorage();
    saveDraft(storage, APP, draft(1000));
    expect(loadDraft(storage, APP, 1001 + DRAFT_MAX_AGE_MS, null)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("drops unreadable drafts", () => {
    const storage = memoryStorage();
    storage.setItem(draftKey(APP), "{not json");
    expect(loadDraft(storage, APP, 0, null)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("keeps a new-record draft out of an edit and the other way round", () => {
    const storage = memoryStorage();
    saveDraft(storage, APP, draft(1000, "edit-1"));
    expect(loadDraft(storage, APP, 2000, null)).toBeNull();
    expect(loadDraft(storage, APP, 2000, "edit-1")?.editSubmissionId).toBe("edit-1");
  });

  it("clears", () => {
    const storage = memoryStorage();
    saveDraft(storage, APP, draft(1000));
    clearDraft(storage, APP);
    expect(loadDraft(storage, APP, 1000, null)).toBeNull();
  });

  it("reports a failed write instead of throwing", () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(saveDraft(full, APP, draft(1))).toBe(false);
  });
});
