import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { s3Storage, type BucketStorage } from "../server/services/storage/s3-storage.ts";
import { parseStorageUrl } from "../server/services/storage/storage-url.ts";
import { startS3TestServer, type S3TestServer } from "../server/test-support/s3-test-server.ts";

const run = promisify(execFile);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface Outcome {
  code: number;
  stdout: string;
  summary: { total: number; copied: number; skipped: number; failed: number; copiedBytes: number };
}

describe("npm run storage:migrate", () => {
  let s3: S3TestServer;
  let bucket: BucketStorage;
  const root = mkdtempSync(path.join(os.tmpdir(), "campo-migrate-"));
  const files: Record<string, Buffer> = {
    "attachments/user-1/aaa": Buffer.from("ffd8ffe000104a46494600", "hex"),
    "attachments/user-2/bbb": Buffer.alloc(200_000, 7),
    "blog/cover.png": Buffer.from("89504e470d0a1a0a", "hex"),
  };

  async function migrate(): Promise<Outcome> {
    const env = { ...process.env, ...s3.credentials, STORAGE_URL: s3.storageUrl, LOG_LEVEL: "error" };
    const args = ["--import", "tsx", "scripts/storage-migrate.ts", "--from", root];
    const { stdout, code } = await run(process.execPath, args, { cwd: PROJECT_ROOT, env }).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
    );
    return { code, stdout, summary: JSON.parse(stdout.trim().split("\n").at(-1)!) as Outcome["summary"] };
  }

  beforeAll(async () => {
    s3 = await startS3TestServer();
    for (const [name, value] of Object.entries(s3.credentials)) vi.stubEnv(name, value);
    bucket = s3Storage(parseStorageUrl(s3.storageUrl));
    for (const [key, bytes] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      writeFileSync(path.join(root, key), bytes);
    }
    // A write the local driver never finished is not an object.
    writeFileSync(path.join(root, "attachments/user-1/aaa.0b7c1a52-8d1e-4f0e-9b7a-3c2d1e0f9a8b.part"), "half");
  });
  afterAll(async () => {
    bucket.close();
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
    vi.unstubAllEnvs();
  });

  it("copies every file under its key, verified by hash, with progress and a summary", async () => {
    const first = await migrate();
    expect(first.code).toBe(0);
    expect(first.summary).toEqual({ total: 3, copied: 3, skipped: 0, failed: 0, copiedBytes: 200_019 });
    expect(first.stdout).toMatch(/\[3\/3\] /);
    expect(first.stdout).toContain("3 files: 3 copied (200019 bytes), 0 already in the bucket, 0 failed");
    for (const [key, bytes] of Object.entries(files)) {
      expect(await bucket.storedSha256(key)).toBe(sha256(bytes));
      const stored = Buffer.from(await new Response(await bucket.get(key)).arrayBuffer());
      expect(stored.equals(bytes)).toBe(true);
    }
    expect(await bucket.get("attachments/user-1/aaa.0b7c1a52-8d1e-4f0e-9b7a-3c2d1e0f9a8b.part")).toBeNull();
  });

  it("resumes: skips what the bucket holds with the same hash, recopies what is missing or differs", async () => {
    await bucket.delete("blog/cover.png");
    await bucket.put("attachments/user-2/bbb", new Uint8Array([1, 2, 3]), "image/jpeg");
    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.summary).toMatchObject({ total: 3, copied: 2, skipped: 1, failed: 0 });
    expect(again.stdout).toMatch(/skipped attachments\/user-1\/aaa/);
    expect(await bucket.storedSha256("attachments/user-2/bbb")).toBe(sha256(files["attachments/user-2/bbb"]!));
    expect(await bucket.storedSha256("blog/cover.png")).toBe(sha256(files["blog/cover.png"]!));
  });

  it("reports a file it cannot copy and exits with an error after copying the rest", async () => {
    writeFileSync(path.join(root, "not a storage key"), "x");
    const broken = await migrate();
    expect(broken.code).toBe(1);
    expect(broken.summary).toMatchObject({ total: 4, copied: 0, skipped: 3, failed: 1 });
    expect(broken.stdout).toMatch(/failed {2}not a storage key: invalid storage key/);
  });
});
