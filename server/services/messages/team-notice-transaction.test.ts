import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { startSmtpSink, type SmtpSink } from "../../test-support/smtp-sink.ts";

const message = {
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "(11) 99999-8888",
  subject: "Quero uma demonstração",
  message: "Gostaria de conhecer o Campo para a minha equipe de campo.",
};

/** Each cause: the route that makes the change, the table it writes last before its e-mail, and the e-mail's kind. */
const CAUSES = [{ kind: "contact", path: "/api/contact", table: "contact_messages" }] as const;

let nextAddress = 1;
const fromNewAddress = () => ({ headers: { "x-forwarded-for": `198.51.100.${nextAddress++}` } });

describe("team notices live and die with the message that causes them", () => {
  let server: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: "team@campo.test", TRUST_PROXY: "true", SMTP_URL: sink.url },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const count = async (sql: string, values: unknown[] = []) =>
    ((await server.context.database.query(sql, values)).rows[0] as { n: number }).n;

  it.each(CAUSES)("$kind: a transaction failing after the send leaves no message, outbox row or job", async (cause) => {
    // A deferred constraint trigger raises at commit, after the e-mail was written: the seam is the transaction itself.
    await server.context.database.query(`create or replace function fail_at_commit() returns trigger language plpgsql
      as $$ begin raise exception 'injected commit failure'; end $$`);
    await server.context.database.query(`create constraint trigger fail_at_commit after insert on ${cause.table}
      deferrable initially deferred for each row execute function fail_at_commit()`);
    try {
      const response = await server.client().post(cause.path, message, fromNewAddress());
      expect(response.status).toBeGreaterThanOrEqual(500);
    } finally {
      await server.context.database.query(`drop trigger fail_at_commit on ${cause.table}`);
    }
    expect(await count(`select count(*)::int as n from ${cause.table}`)).toBe(0);
    expect(await count("select count(*)::int as n from email_outbox where kind = $1", [cause.kind])).toBe(0);
    expect(await count("select count(*)::int as n from pgboss.job where name <> '__pgboss__send-it'")).toBe(0);
  });

  it.each(CAUSES)("$kind: the committed message has one outbox row, delivered once", async (cause) => {
    const response = await server.client().post(cause.path, { ...message, subject: cause.kind }, fromNewAddress());
    expect(response.status).toBe(201);
    expect(await count("select count(*)::int as n from email_outbox where kind = $1", [cause.kind])).toBe(1);
    await sink.next((mail) => mail.raw.includes(`[Contato] ${cause.kind}`));
    expect(await count("select count(*)::int as n from email_outbox where kind = $1", [cause.kind])).toBe(1);
  });
});
