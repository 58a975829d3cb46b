/** Spec 001 §3: the last 100 numeric validation failures, kept locally for support. */
export const VALIDATION_LOG_KEY = "validation_errors";
export const VALIDATION_LOG_MAX = 100;

export interface ValidationLogEntry {
  fieldId: string;
  value: string;
  key: string;
  at: string;
}

type LogStorage = Pick<Storage, "getItem" | "setItem">;

export function appendValidationLog(storage: LogStorage, entry: ValidationLogEntry): void {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VALIDATION_LOG_KEY) ?? "[]");
    const entries = Array.isArray(parsed) ? (parsed as ValidationLogEntry[]) : [];
    storage.setItem(VALIDATION_LOG_KEY, JSON.stringify([...entries, entry].slice(-VALIDATION_LOG_MAX)));
  } catch {
    // A diagnostics log never gets in the collector's way.
  }
}
