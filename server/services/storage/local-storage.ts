import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { assertStorageKey, type Storage } from "./storage.ts";

/** Files under one folder, one file per key. Writes go to a temporary name first, so a reader never sees half a file. */
export function localStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async get(key) {
      const file = fileFor(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
  };
}
