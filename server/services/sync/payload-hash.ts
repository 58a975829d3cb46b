import { createHash } from "node:crypto";
import { submissionHashInput, type SyncRecord } from "../../../shared/submissions/sync-schemas.ts";

/**
 * The stored identity of a record's payload: SHA-256 (hex) of its canonical text. node:crypto hashes in place;
 * Web Crypto's digest costs a job and a buffer transfer per record, a visible share of sync's CPU under load.
 */
export function submissionPayloadHash(record: SyncRecord): string {
  return createHash("sha256").update(submissionHashInput(record), "utf8").digest("hex");
}
