import { randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { startWebhookReceiver } from "../../test-support/webhook-receiver.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { applicationMembers, webhookEndpoints } from "../../db/schema/index.ts";
import { insertDeliveries } from "../../db/queries/webhooks.ts";
import { attemptDelivery } from "../../services/webhooks/deliver-webhook.ts";
import { createForm, record, sync, validAnswers, type FormFixture } from "../../test-support/fixtures/sync-fixtures.ts";
import { grantRole, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { recordingMailer } from "../../test-support/fixtures/team-fixtures.ts";
import type { WebhookEndpointDto } from "../../../shared/integrations/webhook-dtos.ts";
import { createEndpointVia, deliveriesOf, WEBHOOK_TEST_ENV } from "./webhook-fixtures.ts";

const SUPER_ADMIN = `raiz-${randomUUID().slice(0, 8)}@campo.test`;

describe("a webhook endpoint does not outlive its creator's admin rights", () => {
  const mailer = recordingMailer();
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let ownerEmail: string;

  beforeAll(async () => {
    server = await startTestServer({
      env: { ...TRUST_PROXY_ENV, ...WEBHOOK_TEST_ENV, SUPER_ADMIN_EMAILS: SUPER_ADMIN },
      mailer,
    });
    owner = server.client();
    ownerEmail = `dona-${randomUUID().slice(0, 8)}@example.com`;
    ownerId = (await signUpAs(owner, ownerEmail)).id;
  });
  afterAll(() => server.stop());

  const db = () => server.context.database.db;

  /** A new application with an invited admin who registers an endpoint on it. */
  async function adminWithEndpoint(receiverUrl: string) {
    const form = await createForm(db(), ownerId, `Vistorias ${randomUUID().slice(0, 6)}`);
    const admin = server.client();
    const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const adminUser = await signUpAs(admin, email);
    const memberId = await grantRole(db(), {
      ownerId,
      userId: adminUser.id,
      email,
      applicationId: form.applicationId,
      role: "admin_invited",
    });
    const endpoint = await createEndpointVia(admin, form.applicationId, receiverUrl, ["record.created"]);
    return { form, admin, adminUser, memberId, endpoint };
  }

  async function endpointAsOwnerSees(applicationId: string, endpointId: string): Promise<WebhookEndpointDto> {
    const list = (await (await owner.get(`/api/applications/${applicationId}/webhooks`)).json()) as {
      endpoints: WebhookEndpointDto[];
    };
    const found = list.endpoints.find((endpoint) => endpoint.id === endpointId);
    assert(found, "endpoint listed");
    return found;
  }

  async function collect(form: FormFixture, index: number): Promise<void> {
    const sent = record({ applicationId: form.applicationId, answers: validAnswers(form, index) });
    expect((await sync(owner, [sent])).results[0]?.status).toBe("created");
  }

  const disabledMailsAbout = (url: string) =>
    mailer.sent.filter((mail) => mail.kind === "webhook_disabled" && mail.text.includes(url));

  it("stops delivering once the admin is removed from the application and deactivated; the owner re-enables it", async () => {
    const receiver = await startWebhookReceiver();
    const { form, memberId, endpoint } = await adminWithEndpoint(receiver.url);
    await collect(form, 0);
    await receiver.received(1);

    expect((await owner.delete(`/api/team/members/${memberId}/applications/${form.applicationId}`)).status).toBe(204);
    expect((await owner.patch(`/api/team/members/${memberId}`, { status: "inactive" })).status).toBe(200);

    const seen = await endpointAsOwnerSees(form.applicationId, endpoint.id);
    expect(seen).toMatchObject({ disabledAt: expect.any(String), disabledReason: "creatorLostAccess" });
    const [mail, ...more] = disabledMailsAbout(receiver.url);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: ownerEmail, subject: expect.stringMatching(/^Webhook desativado em Vistorias/) });
    expect(mail?.text).toContain("não administra mais");

    // The next record goes nowhere: no delivery is even written for the disabled endpoint.
    await collect(form, 1);
    expect(await deliveriesOf(db(), endpoint.id)).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);

    // The owner enables it again and becomes the one it acts for: deliveries resume.
    const enabled = await owner.patch(`/api/applications/${form.applicationId}/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(((await enabled.json()) as { endpoint: WebhookEndpointDto }).endpoint).toMatchObject({
      disabledAt: null,
      disabledReason: null,
    });
    const [stored] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored?.createdBy).toBe(ownerId);
    await collect(form, 2);
    await receiver.received(2);
    await receiver.close();
  });

  it("disables the endpoints of an admin lowered to collaborator, and only where they lost the right", async () => {
    const receiver = await startWebhookReceiver();
    const { form, admin, adminUser, memberId, endpoint } = await adminWithEndpoint(receiver.url);
    // The same admin also administers a second application, where they keep the role.
    const other = await createForm(db(), ownerId, `Outra ${randomUUID().slice(0, 6)}`);
    await grantRole(db(), {
      ownerId,
      userId: adminUser.id,
      email: adminUser.email,
      applicationId: other.applicationId,
      role: "admin_invited",
    });
    const kept = await createEndpointVia(admin, other.applicationId, receiver.url, ["record.created"]);

    const lowered = await owner.patch(`/api/team/members/${memberId}/applications/${form.applicationId}`, {
      role: "collaborator",
    });
    expect(lowered.status).toBe(200);
    expect(await endpointAsOwnerSees(form.applicationId, endpoint.id)).toMatchObject({
      disabledReason: "creatorLostAccess",
    });
    expect(await endpointAsOwnerSees(other.applicationId, kept.id)).toMatchObject({ disabledAt: null });
    expect(disabledMailsAbout(receiver.url)).toHaveLength(1);
    // As a collaborator they cannot enable it again themselves.
    const retry = await admin.patch(`/api/applications/${form.applicationId}/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(retry.status).toBe(403);
    await receiver.close();
  });

  it("disables the endpoints of an account a super admin disables, and of an account deleted", async () => {
    const superAdmin = server.client();
    await signUpAs(superAdmin, SUPER_ADMIN);
    const disabledReceiver = await startWebhookReceiver();
    const first = await adminWithEndpoint(disabledReceiver.url);
    const status = await superAdmin.patch(`/api/admin/users/${first.adminUser.id}/status`, { disabled: true });
    expect(status.status).toBe(200);
    expect(await endpointAsOwnerSees(first.form.applicationId, first.endpoint.id)).toMatchObject({
      disabledReason: "creatorLostAccess",
    });
    expect(disabledMailsAbout(disabledReceiver.url)).toHaveLength(1);

    const deletedReceiver = await startWebhookReceiver();
    const second = await adminWithEndpoint(deletedReceiver.url);
    const deleted = await second.admin.request("/api/account", { method: "DELETE", json: { password: "secret123" } });
    expect(deleted.status).toBe(204);
    expect(await endpointAsOwnerSees(second.form.applicationId, second.endpoint.id)).toMatchObject({
      disabledReason: "creatorLostAccess",
    });
    expect(disabledMailsAbout(deletedReceiver.url)).toHaveLength(1);
    await disabledReceiver.close();
    await deletedReceiver.close();
  });

  it("checks the creator's rights at delivery time: a delivery queued before they were lost is not sent", async () => {
    const receiver = await startWebhookReceiver();
    const { form, memberId, endpoint } = await adminWithEndpoint(receiver.url);
    const [deliveryId] = await insertDeliveries(db(), [
      { endpointId: endpoint.id, event: "ping", subjectKey: "queued", payload: { event: "ping" } },
    ]);
    assert(deliveryId);
    // Rights lost by a path that tells no one (a direct change): only the delivery-time check can catch it.
    await db()
      .update(applicationMembers)
      .set({ role: "collaborator" })
      .where(
        and(eq(applicationMembers.teamMemberId, memberId), eq(applicationMembers.applicationId, form.applicationId)),
      );
    await attemptDelivery(server.context, deliveryId, new Date(), () => Promise.resolve());

    expect(receiver.requests).toHaveLength(0);
    const [row] = await deliveriesOf(db(), endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: null });
    expect(await endpointAsOwnerSees(form.applicationId, endpoint.id)).toMatchObject({
      disabledReason: "creatorLostAccess",
    });
    expect(disabledMailsAbout(receiver.url)).toHaveLength(1);
    await receiver.close();
  });
});
