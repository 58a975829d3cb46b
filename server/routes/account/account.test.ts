import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { applications, formSubmissions, profiles, sessions, teamMembers, users } from "../../db/schema/index.ts";
import { ACCOUNT_TEST_ENV, clientFor, registration } from "../../test-support/fixtures/account-fixtures.ts";

type ProfileBody = { profile: Record<string, string> };

describe("profile, account deletion and reset-link check", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: ACCOUNT_TEST_ENV });
  });
  afterAll(() => server.stop());

  it("answers 401 UNAUTHENTICATED on profile routes when signed out", async () => {
    const client = clientFor(server);
    for (const response of [
      await client.get("/api/account/profile"),
      await client.patch("/api/account/profile", { name: "Someone" }),
    ]) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("reads and edits the profile; the name follows on /api/me; rules are the registration's", async () => {
    const client = clientFor(server);
    await client.post("/api/account/register", registration({ email: "editor@example.com" }));
    const read = (await (await client.get("/api/account/profile")).json()) as ProfileBody;
    expect(read.profile).toMatchObject({ email: "editor@example.com", cidade: "São Paulo", locale: "pt-BR" });

    const edited = await client.patch("/api/account/profile", {
      name: "Maria Lima",
      cidade: "Campinas",
      tamanhoEmpresa: "1000_plus",
      locale: "es-ES",
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as ProfileBody).profile).toMatchObject({
      name: "Maria Lima",
      cidade: "Campinas",
      tamanhoEmpresa: "1000_plus",
      locale: "es",
    });
    expect(((await (await client.get("/api/account/profile")).json()) as ProfileBody).profile.cidade).toBe("Campinas");
    expect(((await (await client.get("/api/me")).json()) as { user: { name: string } }).user.name).toBe("Maria Lima");

    const short = await client.patch("/api/account/profile", { celular: "123" });
    expect(short.status).toBe(400);
    const state = await client.patch("/api/account/profile", { estado: "Lisboa" });
    expect(((await state.json()) as { error: { details: { path: string }[] } }).error.details[0]?.path).toBe("estado");
    const email = await client.patch("/api/account/profile", { email: "other@example.com" });
    expect(email.status).toBe(400);
    expect((await client.patch("/api/account/profile", { pais: "Portugal", estado: "Lisboa" })).status).toBe(200);
  });

  it("creates a missing profile from the login account (an invitee's account has none)", async () => {
    const client = clientFor(server);
    await server.context.auth.api.signUpEmail({
      body: { email: "bare@example.com", password: "secret123", name: "Bare User" },
    });
    expect((await client.signIn("bare@example.com")).status).toBe(200);
    const body = (await (await client.get("/api/account/profile")).json()) as ProfileBody;
    expect(body.profile).toMatchObject({ name: "Bare User", email: "bare@example.com", pais: "Brasil", celular: "" });
    expect((await client.patch("/api/account/profile", { empresa: "Nova Empresa" })).status).toBe(200);
  });

  it("deletes the account after the password check: own data gone, records sent to others anonymised", async () => {
    const db = server.context.database.db;
    const owner = clientFor(server);
    const ownerUser = await owner.signUp("other-owner@example.com");
    const leaver = clientFor(server);
    await leaver.post("/api/account/register", registration({ email: "leaver@example.com" }));
    const leaverId = ((await (await leaver.get("/api/me")).json()) as { user: { id: string } }).user.id;

    const [othersApp] = await db.insert(applications).values({ ownerId: ownerUser.id, name: "Others app" }).returning();
    assert(othersApp);
    const [ownApp] = await db.insert(applications).values({ ownerId: leaverId, name: "Own app" }).returning();
    assert(ownApp);
    const sentToOthers = randomUUID();
    const ownRecord = randomUUID();
    await db.insert(formSubmissions).values([
      {
        id: sentToOthers,
        applicationId: othersApp.id,
        ownerId: ownerUser.id,
        submitterId: leaverId,
        answers: {},
        payloadHash: "a",
      },
      {
        id: ownRecord,
        applicationId: ownApp.id,
        ownerId: leaverId,
        submitterId: leaverId,
        answers: {},
        payloadHash: "b",
      },
    ]);
    await db.insert(teamMembers).values([
      { ownerId: ownerUser.id, userId: leaverId, name: "Leaver", email: "leaver@example.com" },
      { ownerId: leaverId, name: "Helper", email: "helper@example.com" },
    ]);

    const wrong = await leaver.request("/api/account", { method: "DELETE", json: { password: "not-my-password" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("CURRENT_PASSWORD_INCORRECT");

    const deleted = await leaver.request("/api/account", { method: "DELETE", json: { password: "secret123" } });
    expect(deleted.status).toBe(204);
    expect(leaver.hasSession()).toBe(false);
    expect(await (await leaver.get("/api/me")).json()).toEqual({ user: null });

    expect(await db.select().from(users).where(eq(users.id, leaverId))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, leaverId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaverId))).toEqual([]);
    expect(await db.select().from(applications).where(eq(applications.id, ownApp.id))).toEqual([]);
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.id, ownRecord))).toEqual([]);
    const [kept] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, sentToOthers));
    assert(kept);
    expect(kept.submitterId).toBeNull();
    const team = await db.select().from(teamMembers);
    expect(team.filter((row) => row.ownerId === leaverId)).toEqual([]);
    expect(team.find((row) => row.email === "leaver@example.com")?.userId).toBeNull();

    const signIn = await clientFor(server).signIn("leaver@example.com");
    expect(signIn.status).toBe(401);
  });

  it("tells whether a reset token is valid before the user types", async () => {
    const client = clientFor(server);
    const unknown = (await (await client.get("/api/account/reset-token/not-a-real-token")).json()) as {
      valid: boolean;
    };
    expect(unknown).toEqual({ valid: false });
    const tooLong = await client.get(`/api/account/reset-token/${"x".repeat(300)}`);
    expect(await tooLong.json()).toEqual({ valid: false });
  });
});
