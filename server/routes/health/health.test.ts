import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { registration } from "../../test-support/fixtures/account-fixtures.ts";

const SUPER_ADMIN = "raiz@campo.test";

describe("health and connectivity", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN } });
  });
  afterAll(() => server.stop());

  it("tells anyone the database is reachable, but not the version or the engine", async () => {
    const response = await server.client().get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: { reachable: true } });
  });

  it("tells a super admin the version and the engine", async () => {
    const admin = server.client();
    await admin.post("/api/account/register", registration({ email: SUPER_ADMIN }));
    const body = (await (await admin.get("/api/health")).json()) as {
      status: string;
      database: { reachable: boolean; kind: string };
      version: string;
    };
    expect(body.status).toBe("ok");
    expect(body.database).toEqual({ reachable: true, kind: expect.any(String) });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("answers the connectivity probe uncached, echoing ts", async () => {
    const response = await server.client().get("/connectivity-check?ts=12345");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(((await response.json()) as { ts: string }).ts).toBe("12345");
  });

  it("sends the security headers on every response", async () => {
    const response = await server.client().get("/api/health");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("answers unknown API paths with the catalogue's NOT_FOUND body", async () => {
    const response = await server.client().get("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint" } });
  });
});
