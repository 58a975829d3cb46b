/**
 * Where uploaded bytes live. The local folder is the default; an S3-compatible store can implement the same
 * interface (API processes stay stateless when files sit in object storage).
 */
export interface Storage {
  /** Writes the bytes under the key, replacing what was there (keys are content-addressed, so a rewrite is identical). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under the folder (a key prefix ending at a "/"), with when it was last written; in no set order. */
  list(folder: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of safe segments: no "..", no leading slash, nothing a file system would reinterpret. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
