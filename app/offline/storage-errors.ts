export const STORAGE_ERROR_KINDS = ["quota", "blocked", "not_confirmed", "unknown"] as const;
export type StorageErrorKind = (typeof STORAGE_ERROR_KINDS)[number];

/** The spec's texts (001 §8, local storage); the same strings are the pt-BR catalog under `sync:storage.<kind>`. */
const MESSAGES: Record<StorageErrorKind, string> = {
  quota: "Armazenamento cheio. Limpe dados offline antigos.",
  blocked: "Armazenamento bloqueado pelo navegador.",
  not_confirmed: "Falha ao confirmar salvamento local.",
  unknown: "Não foi possível salvar offline. Tente novamente.",
};

/** A local save that did not happen; whatever was stored before is untouched (the write is one transaction). */
export class OfflineStorageError extends Error {
  readonly kind: StorageErrorKind;
  /** Catalog key in the `sync` namespace. */
  readonly messageKey: `storage.${StorageErrorKind}`;
  constructor(kind: StorageErrorKind, options?: { cause?: unknown }) {
    super(MESSAGES[kind], options);
    this.name = "OfflineStorageError";
    this.kind = kind;
    this.messageKey = `storage.${kind}`;
  }
}

const QUOTA_NAMES = new Set(["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"]);
// No IndexedDB (old browser, some private modes), or the browser refused to open it.
const BLOCKED_NAMES = new Set([
  "MissingAPIError",
  "OpenFailedError",
  "DatabaseClosedError",
  "SecurityError",
  "InvalidStateError",
  "InvalidAccessError",
]);

function errorName(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "name" in error && typeof error.name === "string"
    ? error.name
    : undefined;
}

/** Dexie wraps the browser's error (an aborted transaction carries the quota error as `inner`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 5) {
    chain.push(current);
    current = typeof current === "object" && "inner" in current ? current.inner : undefined;
  }
  return chain;
}

export function toStorageError(error: unknown): OfflineStorageError {
  if (error instanceof OfflineStorageError) return error;
  const names = causes(error).map(errorName);
  if (names.some((name) => name !== undefined && QUOTA_NAMES.has(name)))
    return new OfflineStorageError("quota", { cause: error });
  if (names.some((name) => name !== undefined && BLOCKED_NAMES.has(name)))
    return new OfflineStorageError("blocked", { cause: error });
  return new OfflineStorageError("unknown", { cause: error });
}
