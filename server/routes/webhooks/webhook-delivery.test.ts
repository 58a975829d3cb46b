import { createHmac, randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { startWebhookReceiver } from "../../test-support/webhook-receiver.ts";
import { createForm, record, sync, validAnswers } from "../../test-support/fixtures/sync-fixtures.ts";
import { TRUST_PROXY_ENV, signUpAs, subscribe } from "../../test-support/fixtures/application-fixtures.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { invite, lastInviteToken, recordingMailer } from "../../test-support/fixtures/team-fixtures.ts";
import { createEndpointVia, deliveriesOf, WEBHOOK_TEST_ENV } from "./webhook-fixtures.ts";
import { webhookPayloadSchema, type SentWebhookEvent } from "../../../shared/integrations/webhook-payloads.ts";

interface Payload {
  id: string;
  event: string;
  application: { id: string; title: string };
  record: { id: string; answers: Record<string, unknown>; submitter: { email: string } | null; reviewState: string };
}

/** A delivered body, parsed by the schema the OpenAPI document's `webhooks` section gives for its event. */
function documented(body: string) {
  const payload = JSON.parse(body) as { event: SentWebhookEvent };
  return webhookPayloadSchema(payload.event).parse(payload);
}

describe("webhook deliveries (real server, local receiver)", () => {
  const mailer = recordingMailer();
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  /** A new application per test: endpoints of earlier tests (their receivers closed) stay out of its events. */
  const newForm = () => createForm(server.context.database.db, ownerId, `Inspeções ${randomUUID().slice(0, 4)}`);

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, ...WEBHOOK_TEST_ENV }, mailer });
    owner = server.client();
    const user = await signUpAs(owner, `owner-${randomUUID().slice(0, 8)}@example.com`);
    ownerId = user.id;
  });
  afterAll(async () => {
    await server.stop();
  });

  it("signs each delivery, retries a receiver that fails twice, delivers once and keeps a record's events in order", async () => {
    // The first two requests fail: the record's record.created is retried, and its record.updated waits behind it.
    const form = await newForm();
    const receiver = await startWebhookReceiver((_body, index) => (index < 2 ? 500 : 204));
    const endpoint = await createEndpointVia(owner, form.applicationId, receiver.url, [
      "record.created",
      "record.updated",
    ]);
    const sent = record({ applicationId: form.applicationId, answers: validAnswers(form) });
    expect((await sync(owner, [sent])).results[0]?.status).toBe("created");
    const edit = await owner.put(`/api/applications/${form.applicationId}/submissions/${sent.id}`, {
      answers: { ...validAnswers(form), [form.fields.name]: "Pessoa editada" },
    });
    expect(edit.status).toBe(200);

    const requests = await receiver.received(4);
    const payloads = requests.map((request) => JSON.parse(request.body) as Payload);
    for (const request of requests) documented(request.body);
    expect(requests.map((request) => request.status)).toEqual([500, 500, 204, 204]);
    expect(payloads.map((payload) => payload.event)).toEqual([
      "record.created",
      "record.created",
      "record.created",
      "record.updated",
    ]);
    // The same event each retry: one id, which the Campo-Event-Id header repeats for idempotent receivers.
    expect(new Set(payloads.slice(0, 3).map((payload) => payload.id)).size).toBe(1);
    for (const [index, request] of requests.entries()) {
      expect(request.headers["campo-event-id"]).toBe(payloads[index]?.id);
      const header = String(request.headers["campo-signature"]);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      assert(match?.[1] && match[2], header);
      const mac = createHmac("sha256", endpoint.secret).update(`${match[1]}.${request.body}`).digest("hex");
      expect(match[2]).toBe(mac);
    }
    const created = payloads[2];
    assert(created);
    expect(created.application).toMatchObject({ id: form.applicationId, title: expect.stringMatching(/^Inspeções/) });
    expect(created.record.id).toBe(sent.id);
    expect(created.record.answers).toMatchObject({ Nome: "Pessoa 0", Idade: 30, Consente: "Sim", Cor: "Azul" });
    expect(payloads[3]?.record.answers).toMatchObject({ Nome: "Pessoa editada" });

    await vi.waitFor(async () => {
      const rows = await deliveriesOf(server.context.database.db, endpoint.id);
      expect(rows.map((row) => [row.event, row.status, row.attempts, row.responseStatus])).toEqual([
        ["record.created", "succeeded", 3, 204],
        ["record.updated", "succeeded", 1, 204],
      ]);
    });
    // Delivered once: nothing more arrives after the successes are recorded.
    expect(receiver.requests).toHaveLength(4);
    await receiver.close();
  });

  it("keeps each record's order while another record's deliveries are retried", async () => {
    // Every record's first attempt fails once; the receiver must still see created before updated per record.
    const failedOnce = new Set<string>();
    const form = await newForm();
    const receiver = await startWebhookReceiver((body) => {
      const payload = JSON.parse(body) as Payload;
      if (failedOnce.has(payload.id)) return 200;
      failedOnce.add(payload.id);
      return 503;
    });
    const endpoint = await createEndpointVia(owner, form.applicationId, receiver.url, [
      "record.created",
      "record.updated",
    ]);
    const records = Array.from({ length: 5 }, (_, index) =>
      record({ applicationId: form.applicationId, answers: validAnswers(form, index) }),
    );
    expect((await sync(owner, records)).results.every((result) => result.status === "created")).toBe(true);
    for (const sent of records) {
      const response = await owner.put(`/api/applications/${form.applicationId}/submissions/${sent.id}`, {
        answers: { ...validAnswers(form), [form.fields.name]: `Editado ${sent.id}` },
      });
      expect(response.status).toBe(200);
    }
    const requests = await receiver.received(20);
    const successes = requests
      .filter((request) => request.status === 200)
      .map((request) => JSON.parse(request.body) as Payload);
    for (const sent of records) {
      expect(successes.filter((payload) => payload.record.id === sent.id).map((payload) => payload.event)).toEqual([
        "record.created",
        "record.updated",
      ]);
    }
    await vi.waitFor(async () => {
      const rows = await deliveriesOf(server.context.database.db, endpoint.id);
      expect(rows.every((row) => row.status === "succeeded" && row.attempts === 2)).toBe(true);
    });
    await receiver.close();
  });

  it("sends a ping, redelivers on request as a new attempt of the same event, and pages the log", async () => {
    const form = await newForm();
    const receiver = await startWebhookReceiver();
    const endpoint = await createEndpointVia(owner, form.applicationId, receiver.url, ["record.deleted"]);
    const base = `/api/applications/${form.applicationId}/webhooks/${endpoint.id}`;
    const ping = await owner.post(`${base}/ping`);
    expect(ping.status).toBe(202);
    const { delivery } = (await ping.json()) as { delivery: { id: string; event: string } };
    expect(delivery.event).toBe("ping");
    const [first] = await receiver.received(1);
    expect(documented(first?.body ?? "{}")).toMatchObject({ id: delivery.id, event: "ping" });
    await vi.waitFor(async () => {
      const page = (await (await owner.get(`${base}/deliveries`)).json()) as {
        deliveries: { id: string; status: string; attempts: number; responseStatus: number | null }[];
        total: number;
      };
      expect(page.total).toBe(1);
      expect(page.deliveries[0]).toMatchObject({
        id: delivery.id,
        status: "succeeded",
        attempts: 1,
        responseStatus: 200,
      });
    });
    expect((await owner.post(`${base}/deliveries/${delivery.id}/redeliver`)).status).toBe(202);
    const [, again] = await receiver.received(2);
    expect(again?.headers["campo-event-id"]).toBe(delivery.id);
    await vi.waitFor(async () => {
      const [row] = await deliveriesOf(server.context.database.db, endpoint.id);
      expect(row).toMatchObject({ status: "succeeded", attempts: 2 });
    });
    expect((await owner.post(`${base}/deliveries/${randomUUID()}/redeliver`)).status).toBe(404);
    expect((await owner.get(`${base}/deliveries?page=0`)).status).toBe(400);
    await receiver.close();
  });

  it("sends record.deleted with the record as it was, and nothing for events the endpoint did not choose", async () => {
    const form = await newForm();
    const receiver = await startWebhookReceiver();
    await createEndpointVia(owner, form.applicationId, receiver.url, ["record.deleted"]);
    // Deleting records needs a paid plan (it would otherwise reset the free plan's record cap).
    await subscribe(server.context.database.db, ownerId, "premium");
    const sent = record({ applicationId: form.applicationId, answers: validAnswers(form, 7) });
    expect((await sync(owner, [sent])).results[0]?.status).toBe("created");
    expect((await owner.delete(`/api/applications/${form.applicationId}/records/${sent.id}`)).status).toBe(204);
    const [deleted] = await receiver.received(1);
    const payload = JSON.parse(deleted?.body ?? "{}") as Payload;
    expect(documented(deleted?.body ?? "{}").event).toBe("record.deleted");
    expect(payload.record).toMatchObject({ id: sent.id, answers: { Nome: "Pessoa 7" }, reviewState: "received" });
    // Its record.created was not chosen: the one request was the deletion.
    expect(receiver.requests).toHaveLength(1);
    await receiver.close();
  });

  it("sends record.created for an owner without a record cap, whose batches otherwise skip the transaction", async () => {
    await subscribe(server.context.database.db, ownerId, "premium");
    const form = await newForm();
    const receiver = await startWebhookReceiver();
    await createEndpointVia(owner, form.applicationId, receiver.url, ["record.created"]);
    const sent = [0, 1].map((n) => record({ applicationId: form.applicationId, answers: validAnswers(form, n) }));
    expect((await sync(owner, sent)).results.map((result) => result.status)).toEqual(["created", "created"]);
    const deliveries = await receiver.received(2);
    const ids = deliveries.map((delivery) => (JSON.parse(delivery.body) as Payload).record.id);
    expect(ids.sort()).toEqual(sent.map((r) => r.id).sort());
    await receiver.close();
  });

  it("sends member.added when an invite is accepted, once per application it grants", async () => {
    const form = await newForm();
    const receiver = await startWebhookReceiver();
    await createEndpointVia(owner, form.applicationId, receiver.url, ["member.added"]);
    const email = `convidada-${randomUUID().slice(0, 8)}@example.com`;
    const invitee = server.client();
    await signUpAs(invitee, email);
    await invite(owner, {
      name: "Convidada",
      email,
      grants: [{ applicationId: form.applicationId, role: "collaborator" }],
    });
    // Inviting is not membership yet: nothing is sent before the invitee accepts.
    expect(receiver.requests).toHaveLength(0);
    const accepted = await invitee.post("/api/invites/accept", { token: lastInviteToken(mailer, email) });
    expect(accepted.status).toBe(200);
    const [delivery] = await receiver.received(1);
    const payload = documented(delivery?.body ?? "{}");
    expect(payload).toMatchObject({
      event: "member.added",
      application: { id: form.applicationId },
    });
    expect(JSON.stringify(payload)).toContain(email);
    expect(JSON.stringify(payload)).toContain('"role":"collaborator"');
    await receiver.close();
  });
});
