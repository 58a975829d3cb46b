/**
 * npm run storage:migrate — copies the local uploads folder (`${DATA_DIR}/uploads`, or `--from <folder>`) into the
 * bucket of STORAGE_URL, with credentials from the AWS variables. Resumable and verified by hash
 * (server/services/storage/migrate-to-bucket.ts); run it again after an interruption. Exits 1 when a file failed.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateFolderToBucket } from "../server/services/storage/migrate-to-bucket.ts";
import { s3Storage } from "../server/services/storage/s3-storage.ts";
import { parseStorageUrl } from "../server/services/storage/storage-url.ts";

const { values } = parseArgs({ options: { from: { type: "string" } } });
const storageUrl = process.env.STORAGE_URL;
if (!storageUrl) {
  console.error("STORAGE_URL is not set: name the bucket to copy into (s3://bucket?endpoint=…&region=…).");
  process.exit(1);
}
const root = path.resolve(values.from ?? path.join(process.env.DATA_DIR ?? "./data", "uploads"));
const bucket = s3Storage(parseStorageUrl(storageUrl));
console.log(`copying ${root} → ${storageUrl}`);
const summary = await migrateFolderToBucket(root, bucket, ({ key, outcome, error, done, total }) => {
  console.log(`[${done}/${total}] ${outcome.padEnd(7)} ${key}${error ? `: ${error}` : ""}`);
});
bucket.close();
console.log(
  `${summary.total} files: ${summary.copied} copied (${summary.copiedBytes} bytes), ${summary.skipped} already in the bucket, ${summary.failed} failed`,
);
console.log(JSON.stringify(summary));
if (summary.failed > 0) process.exit(1);
