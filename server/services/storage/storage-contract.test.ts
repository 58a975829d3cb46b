import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3TestServer, type S3TestServer } from "../../test-support/s3-test-server.ts";
import { localStorage } from "./local-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import type { Storage, StoredObject } from "./storage.ts";
import { parseStorageUrl } from "./storage-url.ts";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** Everything `list` yields for the folder (Array.fromAsync needs Node 22). */
async function listAll(storage: Storage, folder: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of storage.list(folder)) objects.push(object);
  return objects;
}

interface Driver {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: "local folder",
    async open() {
      const root = mkdtempSync(path.join(os.tmpdir(), "campo-storage-"));
      return {
        storage: localStorage(root),
        close: async () => {
          // Writes go through a temporary name: none may be left behind.
          expect(readdirSync(root, { recursive: true }).filter((name) => String(name).endsWith(".part"))).toEqual([]);
          rmSync(root, { recursive: true, force: true });
        },
      };
    },
  },
  bucketDriver("S3-compatible bucket", ""),
  bucketDriver("S3-compatible bucket, under a prefix", "campo/files"),
];

/** The bucket driver, its keys at the bucket's root or under `prefix` (STORAGE_URL's path). */
function bucketDriver(name: string, prefix: string): Driver {
  return {
    name,
    async open() {
      const server: S3TestServer = await startS3TestServer();
      for (const [variable, value] of Object.entries(server.credentials)) vi.stubEnv(variable, value);
      const location = parseStorageUrl(server.storageUrl.replace("?", prefix ? `/${prefix}?` : "?"));
      expect(location.prefix).toBe(prefix ? `${prefix}/` : "");
      const storage = s3Storage(location);
      return {
        storage,
        close: async () => {
          storage.close();
          await server.stop();
          vi.unstubAllEnvs();
        },
      };
    },
  };
}

describe.each(drivers)("storage contract: $name", (driver) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  });
  afterAll(() => close());

  it("stores, streams back and deletes bytes; deleting a missing key is no error", async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await storage.put("user/abc", bytes, "image/png");
    const stream = await storage.get("user/abc");
    expect(stream).not.toBeNull();
    expect([...(await readAll(stream!))]).toEqual([1, 2, 3, 4]);
    await storage.delete("user/abc");
    expect(await storage.get("user/abc")).toBeNull();
    await storage.delete("user/abc");
  });

  it("answers null for a key never written", async () => {
    expect(await storage.get("nobody/never-written")).toBeNull();
  });

  it("replaces what a key held and keeps keys apart", async () => {
    await storage.put("a/same", new Uint8Array([1]), "image/png");
    await storage.put("a/other", new Uint8Array([9, 9]), "image/png");
    await storage.put("a/same", new Uint8Array([2, 3]), "image/png");
    expect([...(await readAll((await storage.get("a/same"))!))]).toEqual([2, 3]);
    expect([...(await readAll((await storage.get("a/other"))!))]).toEqual([9, 9]);
  });

  it("streams a large object whole", async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, index) => index % 251);
    await storage.put("big/object", bytes, "image/jpeg");
    expect((await readAll((await storage.get("big/object"))!)).equals(bytes)).toBe(true);
  });

  it("lists the keys under a folder with when they were written, and nothing of a folder that merely starts alike", async () => {
    const before = Date.now() - 60_000;
    await storage.put("listed/one/a", new Uint8Array([1]), "image/png");
    await storage.put("listed/two/b", new Uint8Array([2]), "image/png");
    await storage.put("listed-not/c", new Uint8Array([3]), "image/png");
    const listed = await listAll(storage, "listed");
    expect(listed.map((object) => object.key).sort()).toEqual(["listed/one/a", "listed/two/b"]);
    for (const { modifiedAt } of listed) {
      expect(modifiedAt.getTime()).toBeGreaterThan(before);
      expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    await storage.delete("listed/one/a");
    expect((await listAll(storage, "listed")).map((object) => object.key)).toEqual(["listed/two/b"]);
    expect(await listAll(storage, "never-written")).toEqual([]);
  });

  it("refuses keys that would leave its folder or prefix", async () => {
    for (const key of ["../escape", "/abs", "a/../../b", "a//b", ""]) {
      await expect(storage.put(key, new Uint8Array([1]), "image/png")).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe("STORAGE_URL", () => {
  it("reads the bucket, prefix, endpoint, region and path style", () => {
    expect(
      parseStorageUrl("s3://media/campo/prod/?endpoint=http%3A%2F%2Fminio%3A9000&region=sa-east-1&forcePathStyle=true"),
    ).toEqual({
      bucket: "media",
      prefix: "campo/prod/",
      endpoint: "http://minio:9000",
      region: "sa-east-1",
      forcePathStyle: true,
    });
    expect(parseStorageUrl("s3://media")).toEqual({
      bucket: "media",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
  });

  it("refuses other schemes, credentials in the URL and a bad path style", () => {
    expect(() => parseStorageUrl("file:///data")).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl("s3://key:secret@media")).toThrow(/AWS_ACCESS_KEY_ID/);
    expect(() => parseStorageUrl("s3://media?forcePathStyle=yes")).toThrow(/forcePathStyle/);
    expect(() => parseStorageUrl("not a url")).toThrow(/not a URL/);
  });
});
