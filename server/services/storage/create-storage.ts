import path from "node:path";
import type { Config } from "../../config.ts";
import { localStorage } from "./local-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";
import { parseStorageUrl } from "./storage-url.ts";

/** The configured store: an S3-compatible bucket when STORAGE_URL is set, else the local folder `${DATA_DIR}/uploads`. */
export function createStorage(config: Pick<Config, "dataDir" | "storageUrl">): Storage {
  if (config.storageUrl) return s3Storage(parseStorageUrl(config.storageUrl));
  return localStorage(path.join(config.dataDir, "uploads"));
}
