import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

describe("embedding", () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "campo-embed-"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Campo</title>");
    server = await startTestServer({ webDist });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("lets other sites frame a public link's page", async () => {
    const response = await server.client().get("/f/AbCdEfGhIjKlMnOpQrStUvWx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("keeps every other page and the API unframeable", async () => {
    for (const pathname of ["/", "/applications", "/f/token/extra", "/api/health"]) {
      const response = await server.client().get(pathname);
      expect(response.headers.get("content-security-policy"), pathname).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), pathname).toBe("DENY");
    }
  });
});
