import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "./server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (env: Record<string, string>) =>
  startServer({
    env: { PORT: "0", DATA_DIR: dataDir, AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789", ...env },
  });

describe("settings for several machines", () => {
  it("refuses to start with a replica of an embedded database, or a STORAGE_URL it cannot read, opening nothing", async () => {
    await expect(
      start({ DATABASE_URL: "memory://", DATABASE_REPLICA_URL: "postgres://campo@127.0.0.1:1/postgres" }),
    ).rejects.toThrow(/DATABASE_REPLICA_URL needs DATABASE_URL on PostgreSQL/);
    await expect(start({ STORAGE_URL: "s3://key:secret@media" })).rejects.toThrow(/AWS_ACCESS_KEY_ID/);
    await expect(start({ STORAGE_URL: "https://media.example.com" })).rejects.toThrow(/s3:\/\//);
    // No embedded database was created in the data folder.
    expect(readdirSync(dataDir)).not.toContain("pglite");
  });
});
