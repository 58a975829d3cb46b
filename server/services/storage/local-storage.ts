import { createReadStream } from "node:fs";
import { mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { assertStorageKey, type Storage } from "./storage.ts";

/** What `put` writes before renaming (`<key>.<uuid>.part`): never a stored key. */
const TEMPORARY_FILE = /\.[0-9a-f-]{36}\.part$/;

/** Files under one folder, one file per key. Writes go to a temporary name first, so a reader never sees half a file. */
export function localStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileFor(key);
      const temporary = `${file}.${randomUUID()}.part`;
      try {
        // The folder is made only when missing: an uploader's folder exists after their first upload, and each file
        // system call is a trip to libuv's threads and back.
        await writeFile(temporary, bytes).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(temporary, bytes);
        });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
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
    async *list(folder) {
      const directory = folder === "" ? root : fileFor(folder);
      let entries;
      try {
        // Read as it goes: a folder of a million photos is never held in memory at once.
        entries = await opendir(directory, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for await (const entry of entries) {
        if (!entry.isFile() || TEMPORARY_FILE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        let modifiedAt: Date;
        try {
          modifiedAt = (await stat(file)).mtime;
        } catch {
          continue; // removed since the folder was read
        }
        yield { key: path.relative(root, file).split(path.sep).join("/"), modifiedAt };
      }
    },
  };
}
