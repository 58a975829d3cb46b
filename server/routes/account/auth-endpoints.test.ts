import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { HttpClient } from "../../test-support/http-client.ts";
import { PUBLIC_AUTH_ENDPOINTS } from "../../../shared/accounts/auth-endpoints.ts";
import {
  ACCOUNT_TEST_ENV,
  clientFor,
  registration,
  type ClientFromAddress,
} from "../../test-support/fixtures/account-fixtures.ts";

type ErrorResponse = { error: { code: string } };
const codeOf = async (response: Response) => ((await response.json()) as ErrorResponse).error.code;

/** Each auth and profile endpoint with a body that passes the transport checks but breaks its schema. */
const ENDPOINTS: { method: string; path: string; invalid: unknown }[] = [
  { method: "POST", path: "/api/auth/sign-in/email", invalid: { email: 42, password: "x" } },
  { method: "POST", path: "/api/invites/sign-up", invalid: { token: "t", name: "N", password: "secret123" } },
  { method: "POST", path: "/api/auth/request-password-reset", invalid: { email: ["a"] } },
  { method: "POST", path: "/api/auth/reset-password", invalid: { token: "abc" } },
  { method: "POST", path: "/api/auth/change-password", invalid: { currentPassword: "secret123" } },
  { method: "POST", path: "/api/account/register", invalid: { email: "x@example.com" } },
  { method: "PATCH", path: "/api/account/profile", invalid: { celular: 5 } },
  { method: "DELETE", path: "/api/account", invalid: { password: "" } },
];

const HUGE = "x".repeat(50_000);
/** Bodies a prober sends: nulls, wrong types and huge strings in every field the public endpoints read. */
const ODD_BODIES: [string, string][] = [
  ["null body", "null"],
  ["array body", "[]"],
  ["string body", '"text"'],
  [
    "null fields",
    JSON.stringify({ email: null, password: null, token: null, newPassword: null, currentPassword: null }),
  ],
  ["numeric fields", JSON.stringify({ email: 1, password: 2, token: 3, newPassword: 4, currentPassword: 5 })],
  ["object fields", JSON.stringify({ email: {}, password: [], token: {}, newPassword: [], redirectTo: {} })],
  ["huge fields", JSON.stringify({ email: `${HUGE}@example.com`, password: HUGE, token: HUGE, newPassword: HUGE })],
];
let oddUsers = 0;

describe("auth and profile endpoints", () => {
  let server: TestServer;
  let signedIn: ClientFromAddress;
  beforeAll(async () => {
    server = await startTestServer({ env: ACCOUNT_TEST_ENV });
    signedIn = clientFor(server);
    await signedIn.signUp("input-checks@example.com");
  });
  afterAll(() => server.stop());

  describe.each(ENDPOINTS)("$method $path rejects bad input", ({ method, path, invalid }) => {
    const send = (body: BodyInit, contentType = "application/json") =>
      signedIn.request(path, { method, body, headers: { "content-type": contentType } });

    it("malformed JSON → 400 MALFORMED_JSON", async () => {
      const response = await send('{"email": "a@b.c",');
      expect(response.status).toBe(400);
      expect(await codeOf(response)).toBe("MALFORMED_JSON");
    });

    it("wrong content type → 415 UNSUPPORTED_MEDIA_TYPE", async () => {
      const response = await send("email=a%40b.c", "application/x-www-form-urlencoded");
      expect(response.status).toBe(415);
      expect(await codeOf(response)).toBe("UNSUPPORTED_MEDIA_TYPE");
    });

    it("body over 256 KB → 413 BODY_TOO_LARGE", async () => {
      const response = await send(JSON.stringify({ email: "a@b.c", padding: "x".repeat(256 * 1024) }));
      expect(response.status).toBe(413);
      expect(await codeOf(response)).toBe("BODY_TOO_LARGE");
    });

    it("schema violation → 400 VALIDATION_FAILED", async () => {
      const response = await send(JSON.stringify(invalid));
      expect(response.status).toBe(400);
      expect(await codeOf(response)).toBe("VALIDATION_FAILED");
    });
  });

  it("keeps better-auth's public sign-up closed: a same-site request creates no account", async () => {
    const client = clientFor(server);
    const response = await client.post("/api/auth/sign-up/email", {
      email: "bypass@example.com",
      password: "secret123",
      name: "Sem Termos",
    });
    expect(response.status).toBe(404);
    expect(client.hasSession()).toBe(false);
    expect((await clientFor(server).signIn("bypass@example.com")).status).toBe(401);
    expect((await client.post("/api/account/register", registration({ email: "bypass@example.com" }))).status).toBe(
      201,
    );
  });

  it("closes better-auth's endpoints that write user data around the profile rules: the name stays as it was", async () => {
    const client = clientFor(server);
    await client.signUp("bypass-profile@example.com");
    const nameBefore = ((await (await client.get("/api/account/profile")).json()) as { profile: { name: string } })
      .profile.name;
    for (const name of ["", "x".repeat(100_000), 42, null]) {
      const response = await client.post("/api/auth/update-user", { name });
      expect(response.status).toBe(404);
      expect(await codeOf(response)).toBe("NOT_FOUND");
    }
    for (const [path, body] of [
      ["/api/auth/change-email", { newEmail: "taken-over@example.com" }],
      ["/api/auth/delete-user", {}],
      ["/api/auth/set-password", { newPassword: "another-secret" }],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/unlink-account", { providerId: "credential" }],
    ] as const) {
      expect((await client.post(path, body)).status, path).toBe(404);
    }
    expect((await client.get("/api/auth/list-accounts")).status).toBe(404);
    const me = (await (await client.get("/api/me")).json()) as { user: { name: string; email: string } };
    expect(me.user).toMatchObject({ name: nameBefore, email: "bypass-profile@example.com" });
  });

  it("sends no verification e-mail on a visitor's or a user's request, for any address", async () => {
    const client = clientFor(server);
    await client.signUp("unverified@example.com");
    const verificationMails = () =>
      server.context.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, "unverified@example.com"), eq(emailOutbox.kind, "email_verification")));
    for (const sender of [client, clientFor(server)]) {
      const response = await sender.post("/api/auth/send-verification-email", { email: "unverified@example.com" });
      expect(response.status).toBe(404);
    }
    expect(await verificationMails()).toEqual([]);
  });

  describe.each(PUBLIC_AUTH_ENDPOINTS.POST)("POST /api/auth%s never answers 500 to odd bodies", (endpoint) => {
    it.each(ODD_BODIES)("%s", async (_label, body) => {
      const client = clientFor(server);
      await client.signUp(`odd-${++oddUsers}@example.com`);
      const response = await client.request(`/api/auth${endpoint}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBeLessThan(500);
    });
  });

  it("limits sign-in to 10 attempts a minute: the 11th answers 429 RATE_LIMITED", async () => {
    const client = clientFor(server);
    await client.signUp("hammered@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await client.signIn("hammered@example.com", "wrong-password")).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await client.signIn("hammered@example.com", "secret123");
    expect(eleventh.status).toBe(429);
    expect(await codeOf(eleventh)).toBe("RATE_LIMITED");
    expect((await clientFor(server).signIn("hammered@example.com")).status).toBe(200);
  });

  it("keys the sign-in limit on the address the proxy appended: a spoofed left-most X-Forwarded-For does not escape it", async () => {
    const victim = clientFor(server);
    await victim.signUp("spoofed@example.com");
    let spoof = 0;
    const attempt = (password: string) =>
      new HttpClient(server.url).request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: "spoofed@example.com", password },
        headers: { "x-forwarded-for": `198.51.100.${++spoof}, 192.0.2.77` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt("wrong-password")).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await attempt("secret123");
    expect(eleventh.status).toBe(429);
    expect(await codeOf(eleventh)).toBe("RATE_LIMITED");
  });

  it("resets a forgotten password through the e-mailed link, once", async () => {
    const client = clientFor(server);
    await client.post(
      "/api/account/register",
      registration({ email: "forgetful@example.com", password: "old-secret" }),
    );
    await client.post("/api/auth/sign-out");

    const requested = await client.post("/api/auth/request-password-reset", {
      email: "forgetful@example.com",
      redirectTo: `${server.url}/reset-password`,
    });
    expect(requested.status).toBe(200);
    const [mail] = await server.context.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "forgetful@example.com"))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    assert(mail);
    expect(mail.kind).toBe("password_reset");
    const link = new URL(mail.textBody.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token") ?? "";
    expect(await (await client.get(`/api/account/reset-token/${encodeURIComponent(token)}`)).json()).toEqual({
      valid: true,
      email: "forgetful@example.com",
    });

    expect((await client.post("/api/auth/reset-password", { newPassword: "new-secret", token })).status).toBe(200);
    expect((await client.signIn("forgetful@example.com", "old-secret")).status).toBe(401);
    expect((await client.signIn("forgetful@example.com", "new-secret")).status).toBe(200);

    expect(await (await client.get(`/api/account/reset-token/${encodeURIComponent(token)}`)).json()).toEqual({
      valid: false,
    });
    const reused = await client.post("/api/auth/reset-password", { newPassword: "third-secret", token });
    expect(reused.status).toBe(400);
    expect(await codeOf(reused)).toBe("INVALID_RESET_TOKEN");
  });

  it("changes the password only with the right current password", async () => {
    const client = clientFor(server);
    await client.signUp("changer@example.com", "first-secret");
    const wrong = await client.post("/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "second-secret",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe("CURRENT_PASSWORD_INCORRECT");
    const right = await client.post("/api/auth/change-password", {
      currentPassword: "first-secret",
      newPassword: "second-secret",
      revokeOtherSessions: true,
    });
    expect(right.status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await clientFor(server).signIn("changer@example.com", "first-secret")).status).toBe(401);
    expect((await clientFor(server).signIn("changer@example.com", "second-secret")).status).toBe(200);
  });
});
