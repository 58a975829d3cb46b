import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { detectMediaType } from "./media-type.ts";
import { localStorage } from "./local-storage.ts";
import type { BucketStorage } from "./s3-storage.ts";

export type MigrationOutcome = "copied" | "skipped" | "failed";

export interface MigrationProgress {
  key: string;
  outcome: MigrationOutcome;
  /** Why a copy failed. */
  error?: string;
  done: number;
  total: number;
}

export interface MigrationSummary {
  total: number;
  copied: number;
  /** Already in the bucket with the same hash (a previous, maybe interrupted, run). */
  skipped: number;
  failed: number;
  copiedBytes: number;
}

const PARALLEL_COPIES = 4;

async function sha256Of(stream: ReadableStream<Uint8Array>): Promise<string> {
  const hash = createHash("sha256");
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) hash.update(read.value);
  return hash.digest("hex");
}

async function listKeys(root: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of localStorage(root).list("")) keys.push(key);
  return keys.sort();
}

/**
 * Copies every file of the local storage folder into the bucket under the same key. Resumable: a key the bucket
 * already holds with the file's SHA-256 is skipped. Verified: each copy is read back and hashed before it counts.
 */
export async function migrateFolderToBucket(
  root: string,
  bucket: BucketStorage,
  onProgress: (progress: MigrationProgress) => void = () => {},
): Promise<MigrationSummary> {
  const keys = await listKeys(root);
  const summary: MigrationSummary = { total: keys.length, copied: 0, skipped: 0, failed: 0, copiedBytes: 0 };
  let done = 0;

  async function migrateOne(key: string): Promise<void> {
    let outcome: MigrationOutcome;
    let error: string | undefined;
    try {
      const bytes = new Uint8Array(await readFile(path.join(root, ...key.split("/"))));
      const expected = createHash("sha256").update(bytes).digest("hex");
      if ((await bucket.storedSha256(key)) === expected) {
        outcome = "skipped";
      } else {
        await bucket.put(key, bytes, await detectMediaType(bytes));
        const stored = await bucket.get(key);
        const actual = stored ? await sha256Of(stored) : "nothing";
        if (actual !== expected) throw new Error(`read back ${actual}, expected ${expected}`);
        outcome = "copied";
        summary.copiedBytes += bytes.byteLength;
      }
    } catch (cause) {
      outcome = "failed";
      error = cause instanceof Error ? cause.message : String(cause);
    }
    summary[outcome] += 1;
    done += 1;
    onProgress({ key, outcome, error, done, total: keys.length });
  }

  const queue = [...keys];
  await Promise.all(
    Array.from({ length: PARALLEL_COPIES }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) await migrateOne(key);
    }),
  );
  return summary;
}
