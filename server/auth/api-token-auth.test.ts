import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { createTestApiToken } from "../test-support/fixtures/api-token-fixtures.ts";
import { apiTokens } from "../db/schema/index.ts";
import { presentedApiToken } from "./api-token-auth.ts";

describe("presentedApiToken", () => {
  it("reads a Bearer token, and the password of Basic credentials (as Excel and Power BI send it)", () => {
    expect(presentedApiToken("Bearer campo_abc")).toBe("campo_abc");
    expect(presentedApiToken("bearer   campo_abc")).toBe("campo_abc");
    expect(presentedApiToken(`Basic ${Buffer.from("anyone:campo_xyz").toString("base64")}`)).toBe("campo_xyz");
    expect(presentedApiToken(`Basic ${Buffer.from("no-colon").toString("base64")}`)).toBeNull();
    expect(presentedApiToken("Digest abc")).toBeNull();
    expect(presentedApiToken(undefined)).toBeNull();
  });
});

describe("API token authentication", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** The status of an authenticated data route with this Authorization header: 200 for a usable token, else 401. */
  const statusWith = (authorization: string, client?: ReturnType<TestServer["client"]>) =>
    client
      ? client.get("/api/applications", { headers: { authorization } }).then((response) => response.status)
      : fetch(`${server.url}/api/applications`, { headers: { authorization } }).then((response) => response.status);

  it("acts as the token's user; a revoked, expired or unknown token is no one, even beside a session cookie", async () => {
    const client = server.client();
    const user = await client.signUp("token-owner@example.com", "secret123", "Token Owner");
    const db = server.context.database.db;
    const live = await createTestApiToken(db, user.id, []);
    const expired = await createTestApiToken(db, user.id, [], { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await createTestApiToken(db, user.id, []);
    await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, revoked.id));

    expect(await statusWith(`Bearer ${live.token}`)).toBe(200);
    const basic = Buffer.from(`ignored:${live.token}`).toString("base64");
    expect(await statusWith(`Basic ${basic}`)).toBe(200);
    expect(await statusWith(`Bearer ${expired.token}`)).toBe(401);
    expect(await statusWith(`Bearer ${revoked.token}`)).toBe(401);
    const lastChar = live.token.slice(-1);
    const tampered = `${live.token.slice(0, -1)}${lastChar === "x" ? "y" : "x"}`;
    expect(await statusWith(`Bearer ${tampered}`)).toBe(401);
    expect(await statusWith(`Bearer ${expired.token}`, client)).toBe(401);
    expect((await client.get("/api/applications")).status).toBe(200);
  });
});
