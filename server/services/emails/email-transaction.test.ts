import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { EMAIL_DELIVERY_JOB } from "../../jobs/email-delivery-job.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { decodedBody, decodedSubject, startSmtpSink, type SmtpSink } from "../../test-support/smtp-sink.ts";
import { registrationFor } from "../../test-support/registration.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { subscribe } from "../../test-support/fixtures/application-fixtures.ts";
import {
  formWithCollector,
  record,
  sync,
  validAnswers,
  type FormFixture,
} from "../../test-support/fixtures/sync-fixtures.ts";

let nextAddress = 1;
const fromNewAddress = () => ({ headers: { "x-forwarded-for": `198.51.100.${nextAddress++}` } });

const contactMessage = (subject: string) => ({
  fullName: "Maria Silva",
  email: "maria@example.com",
  celular: "(11) 99999-8888",
  subject,
  message: "Gostaria de conhecer o Campo para a minha equipe de campo.",
});

interface World {
  owner: HttpClient;
  collector: { client: HttpClient; email: string };
  form: FormFixture;
  recordId: string;
  client: () => HttpClient;
}

/**
 * Each cause of an e-mail: the request that makes the change, a table the change writes (a deferred trigger there
 * fails the commit), the e-mail's kind and who receives it. `act` gets a fresh tag to tell its attempts apart.
 */
interface Cause {
  kind: string;
  table: string;
  /** What must exist before the change (committed before the failure is armed). */
  prepare?(world: World, tag: string): Promise<void>;
  act(world: World, tag: string): Promise<{ response: Response; to: string }>;
}

/** The contact message each reply answers, by tag. */
const questions = new Map<string, string>();

const CAUSES: Cause[] = [
  {
    kind: "contact",
    table: "contact_messages",
    act: async (world, tag) => ({
      response: await world.client().post("/api/contact", contactMessage(tag), fromNewAddress()),
      to: "team@campo.test",
    }),
  },
  {
    kind: "welcome",
    table: "profiles",
    act: async (world, tag) => {
      const email = `boas-vindas-${tag}@campo.test`;
      const response = await world.client().request("/api/account/register", {
        method: "POST",
        json: registrationFor(email, "secret123", "Nova Pessoa"),
        ...fromNewAddress(),
      });
      return { response, to: email };
    },
  },
  {
    kind: "invite",
    table: "invites",
    act: async (world, tag) => {
      const email = `convite-${tag}@campo.test`;
      const response = await world.owner.post("/api/team/invites", {
        name: "Convidada",
        email,
        grants: [{ applicationId: world.form.applicationId, role: "collaborator" }],
      });
      return { response, to: email };
    },
  },
  {
    kind: "review_has_issues",
    table: "submission_comments",
    act: async (world, tag) => ({
      response: await world.owner.post(
        `/api/applications/${world.form.applicationId}/submissions/${world.recordId}/review`,
        { state: "has_issues", comment: `A foto está desfocada (${tag}).` },
      ),
      to: world.collector.email,
    }),
  },
  {
    kind: "message_reply",
    table: "message_replies",
    prepare: async (world, tag) => {
      const asked = await world.client().post("/api/contact", contactMessage(`pergunta ${tag}`), fromNewAddress());
      questions.set(tag, ((await asked.json()) as { id: string }).id);
    },
    act: async (world, tag) => ({
      response: await world.owner.post(`/api/admin/messages/contact/${questions.get(tag)}/replies`, {
        body: `Resposta ${tag}`,
      }),
      to: "maria@example.com",
    }),
  },
];

/** Every e-mail is written in the transaction of the change that causes it: both commit, or neither exists. */
describe("e-mails live and die with the change that causes them", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let world: World;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: "team@campo.test", TRUST_PROXY: "true", SMTP_URL: sink.url },
    });
    const { owner, form, collector } = await formWithCollector(server, {
      owner: "team@campo.test",
      collector: "coletora-emails@campo.test",
    });
    await subscribe(server.context.database.db, owner.id, "basico");
    const created = record({ applicationId: form.applicationId, answers: validAnswers(form) });
    expect((await sync(collector.client, [created])).results[0]?.status).toBe("created");
    world = {
      owner: owner.client,
      collector,
      form,
      recordId: created.id,
      client: () => server.client(),
    };
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const count = async (sql: string, values: unknown[] = []) =>
    ((await server.context.database.query(sql, values)).rows[0] as { n: number }).n;
  /** The outbox rows of this kind for this recipient that carry the attempt's tag (in the address, subject or text). */
  const outboxRows = (kind: string, to: string, tag: string) =>
    count(
      `select count(*)::int as n from email_outbox where kind = $1 and to_address = $2
         and strpos(to_address || subject || text_body, $3) > 0`,
      [kind, to, tag],
    );
  const deliveryJobs = () => count("select count(*)::int as n from pgboss.job where name = $1", [EMAIL_DELIVERY_JOB]);

  it.each(CAUSES)("$kind: a commit failing after the send leaves no change, outbox row or job", async (cause) => {
    // A deferred constraint trigger raises at commit, after the e-mail was written: the seam is the transaction itself.
    const tag = randomUUID().slice(0, 8);
    await cause.prepare?.(world, tag);
    await server.context.database.query(`create or replace function fail_at_commit() returns trigger language plpgsql
      as $$ begin raise exception 'injected commit failure'; end $$`);
    const rowsBefore = await count(`select count(*)::int as n from ${cause.table}`);
    const jobsBefore = await deliveryJobs();
    await server.context.database.query(`create constraint trigger fail_at_commit after insert on ${cause.table}
      deferrable initially deferred for each row execute function fail_at_commit()`);
    let to: string;
    try {
      const attempt = await cause.act(world, tag);
      expect(attempt.response.status).toBeGreaterThanOrEqual(500);
      to = attempt.to;
    } finally {
      await server.context.database.query(`drop trigger fail_at_commit on ${cause.table}`);
    }
    expect(await count(`select count(*)::int as n from ${cause.table}`)).toBe(rowsBefore);
    expect(await outboxRows(cause.kind, to, tag)).toBe(0);
    expect(await deliveryJobs()).toBe(jobsBefore);
  });

  it.each(CAUSES)("$kind: the committed change has one outbox row, delivered once", async (cause) => {
    const tag = randomUUID().slice(0, 8);
    await cause.prepare?.(world, tag);
    const { response, to } = await cause.act(world, tag);
    expect(response.status).toBeLessThan(300);
    expect(await outboxRows(cause.kind, to, tag)).toBe(1);
    const delivered = await sink.next(
      (mail) =>
        mail.to.includes(to) &&
        (to.includes(tag) || decodedBody(mail.raw).includes(tag) || decodedSubject(mail.raw).includes(tag)),
    );
    expect(delivered.to).toEqual([to]);
  });
});
