import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { startWebhookReceiver } from "../../test-support/webhook-receiver.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { Mailer, OutgoingEmail } from "../../services/mailer.ts";
import { emailOutbox, webhookEndpoints } from "../../db/schema/index.ts";
import { insertDeliveries } from "../../db/queries/webhooks.ts";
import { attemptDelivery } from "../../services/webhooks/deliver-webhook.ts";
import { isBlockedAddress, resolveTarget } from "../../services/webhooks/webhook-target.ts";
import { createForm } from "../../test-support/fixtures/sync-fixtures.ts";
import { TRUST_PROXY_ENV, signUpAs } from "../../test-support/fixtures/application-fixtures.ts";
import { translate } from "../../lib/translate.ts";
import type { WebhookEndpointDto } from "../../../shared/integrations/webhook-dtos.ts";
import { createEndpointVia, deliveriesOf } from "./webhook-fixtures.ts";

const DAY_MS = 24 * 3_600_000;

describe("webhook endpoints API", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerEmail: string;
  let applicationId: string;
  const mails: OutgoingEmail[] = [];
  const mailer: Mailer = {
    send: (message) => {
      mails.push(message);
      return Promise.resolve({ outboxId: null });
    },
  };

  beforeAll(async () => {
    // Retries 30 s apart: the disabling test moves its own clock instead of waiting for them.
    server = await startTestServer({
      env: { ...TRUST_PROXY_ENV, WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1", WEBHOOKS_RETRY_BASE_SECONDS: "30" },
      mailer,
    });
    owner = server.client();
    ownerEmail = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const user = await signUpAs(owner, ownerEmail);
    applicationId = (await createForm(server.context.database.db, user.id, "Vistorias")).applicationId;
  });
  afterAll(async () => {
    await server.stop();
  });

  const base = () => `/api/applications/${applicationId}/webhooks`;

  it("answers the secret once, lists endpoints without it, updates, disables, enables and deletes", async () => {
    const created = await createEndpointVia(owner, applicationId, "https://93.184.215.14/campo", ["record.created"]);
    expect(created.secret).toMatch(/^whsec_/);
    const list = (await (await owner.get(base())).json()) as { endpoints: WebhookEndpointDto[] };
    const listed = list.endpoints.find((endpoint) => endpoint.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      url: "https://93.184.215.14/campo",
      events: ["record.created"],
      createdAt: created.createdAt,
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const url = `${base()}/${created.id}`;
    const updated = await owner.patch(url, { url: "https://93.184.215.15/outro", events: ["record.updated"] });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { endpoint: WebhookEndpointDto }).endpoint).toMatchObject({
      url: "https://93.184.215.15/outro",
      events: ["record.updated"],
    });
    const disabled = (await (await owner.patch(url, { enabled: false })).json()) as { endpoint: WebhookEndpointDto };
    expect(disabled.endpoint.disabledAt).not.toBeNull();
    expect(disabled.endpoint.disabledReason).toBe("manual");
    const enabled = (await (await owner.patch(url, { enabled: true })).json()) as { endpoint: WebhookEndpointDto };
    expect(enabled.endpoint).toMatchObject({ disabledAt: null, disabledReason: null });
    expect((await owner.delete(url)).status).toBe(204);
    expect((await owner.delete(url)).status).toBe(404);
  });

  it("refuses bad input with translated keys and stores nothing", async () => {
    const before = (await server.context.database.db.select().from(webhookEndpoints)).length;
    const cases: [unknown, `webhooks:${string}` | ""][] = [
      [{ url: "ftp://example.com/x", events: ["record.created"] }, "webhooks:validation.urlInvalid"],
      [{ url: "https://example.com/x", events: [] }, "webhooks:validation.eventRequired"],
      [
        { url: "https://example.com/x", events: ["record.created", "record.created"] },
        "webhooks:validation.eventRequired",
      ],
      [{ url: "https://example.com/x", events: ["record.exploded"] }, ""],
    ];
    for (const [body, key] of cases) {
      const response = await owner.post(base(), body);
      expect(response.status).toBe(400);
      const error = ((await response.json()) as { error: { code: string; details: { message: string }[] } }).error;
      expect(error.code).toBe("VALIDATION_FAILED");
      if (key) {
        expect(error.details.map((detail) => detail.message)).toContain(key);
        for (const language of ["pt-BR", "en", "es"]) expect(translate(language, key)).not.toBe(key.split(":")[1]);
      }
    }
    expect(
      (await owner.request(base(), { method: "POST", body: "{", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    // The body is validated before the handler looks the endpoint up (the contract's order), then the lookup.
    expect((await owner.patch(`${base()}/${randomUUID()}`, { enabled: "yes" })).status).toBe(400);
    expect((await owner.patch(`${base()}/${randomUUID()}`, { enabled: false })).status).toBe(404);
    expect((await server.context.database.db.select().from(webhookEndpoints)).length).toBe(before);
  });

  it("disables an endpoint that failed for 24 h, e-mails the owner in their language, and gives the event up", async () => {
    const receiver = await startWebhookReceiver(() => 500);
    const endpoint = await createEndpointVia(owner, applicationId, receiver.url, ["record.created"]);
    const db = server.context.database.db;
    // Written straight, with no job: this test runs each attempt itself, on a clock it moves.
    const [deliveryId] = await insertDeliveries(db, [
      { endpointId: endpoint.id, event: "ping", subjectKey: "clock-test", payload: { event: "ping" } },
    ]);
    assert(deliveryId);
    const noJobs = () => Promise.resolve();
    const start = new Date();
    await attemptDelivery(server.context, deliveryId, start, noJobs);
    let [row] = await deliveriesOf(db, endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(row?.nextAttemptAt?.getTime()).toBe(start.getTime() + 30_000);
    // Not due yet: a second job for it does nothing.
    await attemptDelivery(server.context, deliveryId, new Date(start.getTime() + 1_000), noJobs);
    expect(receiver.requests).toHaveLength(1);

    await attemptDelivery(server.context, deliveryId, new Date(start.getTime() + DAY_MS + 60_000), noJobs);
    [row] = await deliveriesOf(db, endpoint.id);
    expect(row).toMatchObject({ status: "failed", attempts: 2, nextAttemptAt: null });
    const [stored] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.disabledAt).not.toBeNull();
    expect(stored?.disabledReason).toBe("failing");
    const mail = mails.find((message) => message.kind === "webhook_disabled");
    expect(mail).toMatchObject({ to: ownerEmail, subject: "Webhook desativado em Vistorias" });
    expect(mail?.text).toContain(receiver.url);
    expect(await db.select().from(emailOutbox)).toEqual([]);

    // A further failure of the disabled endpoint sends no second e-mail; enabling it clears the failure clock.
    const enabled = await owner.patch(`${base()}/${endpoint.id}`, { enabled: true });
    expect(((await enabled.json()) as { endpoint: WebhookEndpointDto }).endpoint).toMatchObject({
      disabledAt: null,
      failingSince: null,
    });
    expect(mails.filter((message) => message.kind === "webhook_disabled")).toHaveLength(1);
    await owner.delete(`${base()}/${endpoint.id}`);
    await receiver.close();
  });
});

describe("webhook targets (SSRF)", () => {
  const production = { allowPrivateTargets: false, allowHttp: false, retryBaseSeconds: 30 };

  it("refuses loopback, private, link-local, metadata and mapped addresses, and names resolving to them", async () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.0.10",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "2606:4700::1111", "8.8.8.8"])
      expect(isBlockedAddress(address), address).toBe(false);
    await expect(resolveTarget(new URL("https://localhost/x"), production)).rejects.toMatchObject({
      reason: "address",
    });
    await expect(resolveTarget(new URL("https://[::1]/x"), production)).rejects.toMatchObject({ reason: "address" });
    await expect(resolveTarget(new URL("http://93.184.215.14/x"), production)).rejects.toMatchObject({
      reason: "protocol",
    });
    await expect(resolveTarget(new URL("https://93.184.215.14/x"), production)).resolves.toEqual({
      address: "93.184.215.14",
      family: 4,
    });
  });

  it("refuses private targets at registration and again at delivery when the flag is off", async () => {
    const server = await startTestServer({ env: { ...TRUST_PROXY_ENV, WEBHOOKS_RETRY_BASE_SECONDS: "30" } });
    const receiver = await startWebhookReceiver();
    try {
      const owner = server.client();
      const user = await signUpAs(owner, `ssrf-${randomUUID().slice(0, 8)}@example.com`);
      const { applicationId } = await createForm(server.context.database.db, user.id);
      for (const url of [
        receiver.url,
        "http://169.254.169.254/latest/meta-data",
        "https://localhost/x",
        "https://[::1]/x",
      ]) {
        const response = await owner.post(`/api/applications/${applicationId}/webhooks`, {
          url,
          events: ["record.created"],
        });
        expect(response.status, url).toBe(400);
        const error = ((await response.json()) as { error: { details: { path: string; message: string }[] } }).error;
        expect(error.details).toEqual([{ path: "url", message: "webhooks:validation.urlPrivate", code: "custom" }]);
      }
      // An endpoint stored when the address was allowed (or one whose name now resolves privately) is still refused.
      const db = server.context.database.db;
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({ applicationId, url: receiver.url, events: ["record.created"], secret: "s", createdBy: user.id })
        .returning();
      assert(endpoint);
      const [deliveryId] = await insertDeliveries(db, [
        { endpointId: endpoint.id, event: "ping", subjectKey: "ssrf", payload: { event: "ping" } },
      ]);
      assert(deliveryId);
      await attemptDelivery(server.context, deliveryId, new Date(), () => Promise.resolve());
      const [row] = await deliveriesOf(db, endpoint.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
      expect(row?.lastError).toContain("refused: address");
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
      await server.stop();
    }
  });
});
