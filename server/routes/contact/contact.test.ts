import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { contactMessages, emailOutbox } from "../../db/schema/index.ts";
import { CONTACT_RATE_LIMIT } from "./contact.ts";

const valid = {
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "(11) 99999-8888",
  subject: "Quero uma demonstração",
  message: "Gostaria de conhecer o Campo para a minha equipe de campo.",
};

let nextAddress = 1;
/** Each test writes from its own client address (TRUST_PROXY is on), so the rate limit of one does not leak into another. */
function fromNewAddress(): RequestInit {
  return { headers: { "x-forwarded-for": `203.0.113.${nextAddress++}` } };
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("POST /api/contact", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: "team@campo.test,boss@campo.test", TRUST_PROXY: "true" },
    });
  });
  afterAll(() => server?.stop());

  it("stores the message without sign-in and e-mails the team", async () => {
    const response = await server
      .client()
      .post("/api/contact", { ...valid, fullName: "  Maria Silva " }, fromNewAddress());
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const db = server.context.database.db;
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ ...valid, fullName: "Maria Silva" });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact"));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["boss@campo.test", "team@campo.test"]);
    expect(mails[0]!.subject).toBe(`[Contato] ${valid.subject}`);
    expect(mails[0]!.textBody).toContain(valid.message);
    expect(mails[0]!.textBody).toContain(valid.email);
  });

  it("rejects missing and out-of-range fields with VALIDATION_FAILED and the field's message key", async () => {
    const response = await server
      .client()
      .post("/api/contact", { ...valid, celular: "123", message: undefined }, fromNewAddress());
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: "celular", message: "celular.min" },
      { path: "message", message: "message.required" },
    ]);
  });

  it("rejects a malformed body, a wrong content type and an oversized body", async () => {
    const client = server.client();
    const malformed = await client.request("/api/contact", {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json", ...fromNewAddress().headers },
    });
    expect([malformed.status, await errorCode(malformed)]).toEqual([400, "MALFORMED_JSON"]);
    const form = await client.request("/api/contact", {
      method: "POST",
      body: "fullName=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([form.status, await errorCode(form)]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const huge = await client.post("/api/contact", { ...valid, message: "m".repeat(50_000) }, fromNewAddress());
    expect([huge.status, await errorCode(huge)]).toEqual([413, "BODY_TOO_LARGE"]);
  });

  it("refuses a cross-site post", async () => {
    const response = await server
      .client()
      .post("/api/contact", valid, { headers: { origin: "https://evil.example", ...fromNewAddress().headers } });
    expect(response.status).toBe(403);
  });

  it(`accepts ${CONTACT_RATE_LIMIT.max} messages per address in ${CONTACT_RATE_LIMIT.window / 60} minutes, then answers 429`, async () => {
    const client = server.client();
    const address = fromNewAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await client.post("/api/contact", valid, address)).status).toBe(201);
    }
    const blocked = await client.post("/api/contact", valid, address);
    expect([blocked.status, await errorCode(blocked)]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await client.post("/api/contact", valid, fromNewAddress())).status).toBe(201);
  });
});
