import { describe, expect, it } from "vitest";
import { appendValidationLog, VALIDATION_LOG_KEY } from "./validation-log.ts";

function storage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[VALIDATION_LOG_KEY, initial]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("validation log", () => {
  it("keeps only the last 100 entries", () => {
    const store = storage();
    for (let index = 0; index < 105; index += 1) {
      appendValidationLog(store, {
        fieldId: "f",
        value: String(index),
        key: "numberMaxField",
        at: "2024-01-01T00:00:00.000Z",
      });
    }
    const entries = JSON.parse(store.items.get(VALIDATION_LOG_KEY) ?? "[]") as { value: string }[];
    expect(entries).toHaveLength(100);
    expect(entries[0]?.value).toBe("5");
  });

  it("starts over when the stored list is not an array", () => {
    const store = storage('{"oops":1}');
    appendValidationLog(store, { fieldId: "f", value: "x", key: "invalidNumberField", at: "t" });
    expect(JSON.parse(store.items.get(VALIDATION_LOG_KEY) ?? "")).toHaveLength(1);
  });
});
