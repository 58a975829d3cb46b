import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { emailOutbox, profiles } from "../../db/schema/index.ts";
import { ACCOUNT_TEST_ENV, clientFor, registration } from "../../test-support/fixtures/account-fixtures.ts";

describe("POST /api/account/register", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: ACCOUNT_TEST_ENV });
  });
  afterAll(() => server.stop());

  it("creates the user and profile, sends the welcome e-mail and signs the user in", async () => {
    const client = clientFor(server);
    const payload = registration({ email: " Nova.Conta@Example.com ", locale: "en-US" });
    const response = await client.post("/api/account/register", payload);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { profile: Record<string, string> };
    expect(body.profile).toMatchObject({
      name: "Maria Souza",
      email: "nova.conta@example.com",
      estado: "SP",
      tamanhoEmpresa: "11_50",
      locale: "en",
    });
    expect(body.profile).not.toHaveProperty("userId");

    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    const meBody = (await me.json()) as { user: { id: string; email: string } };
    expect(meBody.user.email).toBe("nova.conta@example.com");

    const db = server.context.database.db;
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, meBody.user.id));
    assert(profile);
    expect(profile.celular).toBe("11999998888");
    expect(profile.termsAcceptedAt).toBeInstanceOf(Date);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "nova.conta@example.com"));
    expect(mails.map((m) => m.kind)).toEqual(["welcome"]);
    expect(mails[0]?.subject).toBe("Welcome to Campo!");
  });

  it("refuses an e-mail that is already registered with 409 EMAIL_ALREADY_REGISTERED", async () => {
    const payload = registration();
    expect((await clientFor(server).post("/api/account/register", payload)).status).toBe(201);
    const again = await clientFor(server).post("/api/account/register", {
      ...payload,
      email: payload.email.toUpperCase(),
      password: "other-pass",
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("EMAIL_ALREADY_REGISTERED");
  });

  it("applies the registration rules: Brazilian state list, company sizes, terms", async () => {
    const client = clientFor(server);
    const response = await client.post(
      "/api/account/register",
      registration({ estado: "XX", tamanhoEmpresa: "huge" as "1_10", termos: false as true }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { path: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map((d) => d.path).sort()).toEqual(["tamanhoEmpresa", "termos"]);
    const state = await client.post("/api/account/register", registration({ estado: "XX" }));
    expect(((await state.json()) as { error: { details: { path: string; message: string }[] } }).error.details).toEqual(
      [expect.objectContaining({ path: "estado", message: "auth:validation.estadoBrasil" })],
    );
    const abroad = await client.post("/api/account/register", registration({ pais: "Portugal", estado: "Lisboa" }));
    expect(abroad.status).toBe(201);
  });

  it("limits registrations to 5 a minute per client address", async () => {
    const client = clientFor(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post("/api/account/register", registration({ termos: false as true }))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(
      ((await (await client.post("/api/account/register", registration())).json()) as { error: { code: string } }).error
        .code,
    ).toBe("RATE_LIMITED");
  });
});
