/**
 * API tokens over real HTTP: the account routes (create answers the secret once, list, revoke), scopes limited to
 * what the user may do, a token used from a script (no Origin, no cookie), refused off the data routes, rate-limited
 * with Retry-After, and dead once its user is disabled or deleted.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { apiTokens, emailOutbox } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { createTestApiToken } from "../../test-support/api-token-fixture.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  textField,
  TRUST_PROXY_ENV,
} from "../applications/test-fixtures.ts";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../../shared/integrations/api-tokens.ts";

const RATE_LIMIT = 5;
const SUPER_ADMIN_EMAIL = "root-tokens@campo.test";

describe("API tokens", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerUser: { id: string; email: string };
  let stranger: HttpClient;
  let mine: string;
  let theirs: string;
  let fieldId: string;

  beforeAll(async () => {
    server = await startTestServer({
      env: { API_TOKEN_RATE_LIMIT: String(RATE_LIMIT), SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV },
    });
    owner = server.client();
    stranger = server.client();
    ownerUser = await signUpAs(owner, "token-owner@campo.test");
    await signUpAs(stranger, "token-stranger@campo.test");
    const created = await createApplicationVia(owner, applicationForm("Inspeções", [textField("Local")]));
    mine = created.application.id;
    fieldId = created.fields[0]?.id ?? "";
    theirs = (await createApplicationVia(stranger, applicationForm("Alheia"))).application.id;
  });
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  /** A script: no cookie, no Origin, only the token. */
  function script(token: string, path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    const body = init.json === undefined ? init.body : JSON.stringify(init.json);
    return fetch(server.url + path, { ...init, headers, body });
  }

  async function createToken(client: HttpClient, body: unknown): Promise<Response> {
    return client.post("/api/account/tokens", body);
  }

  it("answers the secret once, lists the token without it, and revokes it at once", async () => {
    const response = await createToken(owner, {
      name: "Relatório noturno",
      expiresInDays: 30,
      scopes: [{ applicationId: mine, access: "read" }],
    });
    expect(response.status).toBe(201);
    const { token: created } = (await response.json()) as { token: CreatedApiTokenDto };
    expect(created.token).toMatch(/^campo_[0-9A-Za-z]{40}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.scopes).toEqual([{ applicationId: mine, access: "read", applicationTitle: "Inspeções" }]);
    const days = (Date.parse(created.expiresAt ?? "") - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(30);

    const [stored] = await db().select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored?.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const listed = (await (await owner.get("/api/account/tokens")).json()) as { tokens: ApiTokenDto[] };
    const entry = listed.tokens.find((token) => token.id === created.id);
    expect(entry).toMatchObject({ name: "Relatório noturno", lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    expect((await script(created.token, `/api/applications/${mine}`)).status).toBe(200);
    const used = (await (await owner.get("/api/account/tokens")).json()) as { tokens: ApiTokenDto[] };
    expect(used.tokens.find((token) => token.id === created.id)?.lastUsedAt).not.toBeNull();

    expect((await owner.delete(`/api/account/tokens/${created.id}`)).status).toBe(204);
    expect((await script(created.token, `/api/applications/${mine}`)).status).toBe(401);
    const after = (await (await owner.get("/api/account/tokens")).json()) as { tokens: ApiTokenDto[] };
    expect(after.tokens.map((token) => token.id)).not.toContain(created.id);
    // Someone else's token, or one already revoked, is not found.
    expect((await owner.delete(`/api/account/tokens/${created.id}`)).status).toBe(404);
  });

  it("revokes all the caller's tokens at once, and nobody else's", async () => {
    const first = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "read" }]);
    const second = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "write" }]);
    const strangerUser = await stranger
      .get("/api/me")
      .then(async (r) => ((await r.json()) as { user: { id: string } }).user);
    const othersToken = await createTestApiToken(db(), strangerUser.id, [{ applicationId: theirs, access: "read" }]);

    expect((await owner.delete("/api/account/tokens")).status).toBe(204);
    expect((await script(first.token, `/api/applications/${mine}`)).status).toBe(401);
    expect((await script(second.token, `/api/applications/${mine}`)).status).toBe(401);
    expect((await (await owner.get("/api/account/tokens")).json()) as { tokens: ApiTokenDto[] }).toEqual({
      tokens: [],
    });
    expect((await script(othersToken.token, `/api/applications/${theirs}`)).status).toBe(200);
    expect((await server.client().delete("/api/account/tokens")).status).toBe(401);
  });

  it("revokes every token of the account when its password is reset or changed", async () => {
    const client = server.client();
    const user = await signUpAs(client, "token-reset@campo.test");
    const app = (await createApplicationVia(client, applicationForm("Senha trocada"))).application.id;
    const usable = async (token: string) => (await script(token, `/api/applications/${app}`)).status;

    const beforeReset = await createTestApiToken(db(), user.id, [{ applicationId: app, access: "read" }]);
    expect(await usable(beforeReset.token)).toBe(200);
    await server
      .client()
      .post("/api/auth/request-password-reset", { email: user.email, redirectTo: "/reset-password" });
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "password_reset")));
    const resetToken = new URL(mail?.textBody.match(/https?:\/\/\S+/)?.[0] ?? "").searchParams.get("token");
    const reset = await server
      .client()
      .post("/api/auth/reset-password", { token: resetToken, newPassword: "reset-secret" });
    expect(reset.status).toBe(200);
    expect(await usable(beforeReset.token)).toBe(401);

    const signedIn = server.client();
    expect((await signedIn.signIn(user.email, "reset-secret")).status).toBe(200);
    const beforeChange = await createTestApiToken(db(), user.id, [{ applicationId: app, access: "read" }]);
    const wrong = await signedIn.post("/api/auth/change-password", {
      currentPassword: "not-the-password",
      newPassword: "changed-secret",
    });
    expect(wrong.status).toBe(400);
    expect(await usable(beforeChange.token)).toBe(200);
    const changed = await signedIn.post("/api/auth/change-password", {
      currentPassword: "reset-secret",
      newPassword: "changed-secret",
    });
    expect(changed.status).toBe(200);
    expect(await usable(beforeChange.token)).toBe(401);
  });

  it("refuses scopes beyond what the user may do, and invalid input, creating nothing", async () => {
    const before = (await db().select().from(apiTokens)).length;
    const unreadable = await createToken(owner, {
      name: "Alheia",
      expiresInDays: null,
      scopes: [{ applicationId: theirs, access: "read" }],
    });
    expect(unreadable.status).toBe(404);
    expect(((await unreadable.json()) as { error: { code: string } }).error.code).toBe("APPLICATION_NOT_FOUND");
    for (const body of [
      { name: "", expiresInDays: 30, scopes: [{ applicationId: mine, access: "read" }] },
      { name: "Sem escopo", expiresInDays: 30, scopes: [] },
      { name: "Prazo", expiresInDays: 7, scopes: [{ applicationId: mine, access: "read" }] },
      { name: "Acesso", expiresInDays: 30, scopes: [{ applicationId: mine, access: "admin" }] },
      {
        name: "Repetida",
        expiresInDays: 30,
        scopes: [
          { applicationId: mine, access: "read" },
          { applicationId: mine, access: "write" },
        ],
      },
    ]) {
      expect((await createToken(owner, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await db().select().from(apiTokens)).length).toBe(before);
  });

  it("lets a super admin give read, never write, on an application they do not belong to", async () => {
    const root = server.client();
    await signUpAs(root, SUPER_ADMIN_EMAIL);
    const write = await createToken(root, {
      name: "Auditoria",
      expiresInDays: 90,
      scopes: [{ applicationId: mine, access: "write" }],
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe("API_TOKEN_SCOPE_FORBIDDEN");
    const read = await createToken(root, {
      name: "Auditoria",
      expiresInDays: 90,
      scopes: [{ applicationId: mine, access: "read" }],
    });
    expect(read.status).toBe(201);
  });

  it("works from a script with no Origin, and cross-origin without a cookie, while cookie calls keep CSRF", async () => {
    const { token } = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "write" }]);
    const record = () => ({
      records: [
        {
          id: randomUUID(),
          applicationId: mine,
          answers: { [fieldId]: "Ponte" },
          clientCreatedAt: new Date().toISOString(),
        },
      ],
    });
    const plain = await script(token, "/api/sync", { method: "POST", json: record() });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as { results: { status: string }[] }).results[0]?.status).toBe("created");
    const foreign = await script(token, "/api/sync", {
      method: "POST",
      json: record(),
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(foreign.status).toBe(200);
    // The owner's browser session from a foreign page is still refused, token or not.
    const forged = await owner.request("/api/sync", {
      method: "POST",
      json: record(),
      headers: { origin: "https://elsewhere.example", authorization: `Bearer ${token}` },
    });
    expect(forged.status).toBe(403);
  });

  it("is refused (403, translated code) off the data routes, the token routes themselves included", async () => {
    for (const [method, path] of [
      ["GET", "/api/account/tokens"],
      ["POST", "/api/account/tokens"],
      ["GET", "/api/account/profile"],
      ["GET", "/api/billing/subscription"],
      ["GET", "/api/team/members"],
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/analytics/summary"],
      ["GET", "/api/blog-admin/posts"],
      ["POST", "/api/applications"],
      ["POST", "/api/applications/import/xlsform"],
      ["GET", "/api/overview"],
    ] as const) {
      // One token per call, to stay under this server's low rate limit.
      const { token } = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "write" }]);
      const response = await script(token, path, {
        method,
        ...(method === "POST" ? { json: { name: "x", expiresInDays: null, scopes: [] } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("API_TOKEN_NOT_ALLOWED");
    }
    expect((await db().select().from(apiTokens).where(eq(apiTokens.userId, ownerUser.id))).length).toBeGreaterThan(0);
  });

  it("changes nothing on a public route: /api/me answers the token's user", async () => {
    const { token } = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "read" }]);
    const response = await script(token, "/api/me");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { id: string } | null }).user?.id).toBe(ownerUser.id);
  });

  it("limits the rate per token with 429 and Retry-After, other tokens unaffected", async () => {
    const busy = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "read" }]);
    const calm = await createTestApiToken(db(), ownerUser.id, [{ applicationId: mine, access: "read" }]);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await script(busy.token, "/api/applications")).status).toBe(200);
    const limited = await script(busy.token, "/api/applications");
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await script(calm.token, "/api/applications")).status).toBe(200);
  });

  it("lists only the scoped applications, and nothing outside the scopes", async () => {
    const second = (await createApplicationVia(owner, applicationForm("Segunda"))).application.id;
    const { token } = await createTestApiToken(db(), ownerUser.id, [{ applicationId: second, access: "read" }]);
    const listed = (await (await script(token, "/api/applications")).json()) as { applications: { id: string }[] };
    expect(listed.applications.map((application) => application.id)).toEqual([second]);
    expect((await script(token, `/api/applications/${mine}`)).status).toBe(404);
    expect((await script(token, `/api/applications/${mine}/records`)).status).toBe(404);
  });

  it("stops working when its user is disabled, and again when enabled", async () => {
    const user = server.client();
    const { id } = await signUpAs(user, "token-disabled@campo.test");
    const app = (await createApplicationVia(user, applicationForm("Desativada"))).application.id;
    const { token } = await createTestApiToken(db(), id, [{ applicationId: app, access: "read" }]);
    expect((await script(token, `/api/applications/${app}`)).status).toBe(200);
    const root = server.client();
    expect((await root.signIn(SUPER_ADMIN_EMAIL)).status).toBe(200);
    expect((await root.patch(`/api/admin/users/${id}/status`, { disabled: true })).status).toBe(200);
    expect((await script(token, `/api/applications/${app}`)).status).toBe(401);
    expect((await root.patch(`/api/admin/users/${id}/status`, { disabled: false })).status).toBe(200);
    expect((await script(token, `/api/applications/${app}`)).status).toBe(200);
  });

  it("dies with its user's deleted account", async () => {
    const user = server.client();
    const { id } = await signUpAs(user, "token-deleted@campo.test");
    const app = (await createApplicationVia(user, applicationForm("Apagada"))).application.id;
    const { token } = await createTestApiToken(db(), id, [{ applicationId: app, access: "read" }]);
    expect((await script(token, "/api/applications")).status).toBe(200);
    expect((await user.request("/api/account", { method: "DELETE", json: { password: "secret123" } })).status).toBe(
      204,
    );
    expect((await script(token, "/api/applications")).status).toBe(401);
    expect(await db().select().from(apiTokens).where(eq(apiTokens.userId, id))).toEqual([]);
  });

  it("grants a collaborator's token no more than the collaborator has", async () => {
    const member = server.client();
    const memberUser = await signUpAs(member, "token-member@campo.test");
    await grantRole(db(), {
      ownerId: ownerUser.id,
      userId: memberUser.id,
      email: memberUser.email,
      applicationId: mine,
      role: "collaborator",
    });
    const response = await createToken(member, {
      name: "Coleta",
      expiresInDays: 365,
      scopes: [{ applicationId: mine, access: "write" }],
    });
    expect(response.status).toBe(201);
    const { token } = ((await response.json()) as { token: CreatedApiTokenDto }).token;
    // Collaborators do not export or edit the form with a session; their token does not either.
    expect((await script(token, `/api/applications/${mine}/export.csv`)).status).toBe(403);
    expect((await script(token, `/api/applications/${mine}/versions`)).status).toBe(403);
  });
});
