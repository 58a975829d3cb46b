import path from "node:path";
import type { Config } from "../../config.ts";
import { localStorage } from "./local-storage.ts";
import type { Storage } from "./storage.ts";

/** The configured store: today the local folder `${DATA_DIR}/uploads`; an S3-compatible store plugs in here. */
export function createStorage(config: Pick<Config, "dataDir">): Storage {
  return localStorage(path.join(config.dataDir, "uploads"));
}
