import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { emailOutbox, messageReplies, profiles, subscriptions, userLimits, users } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  subscribe,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { createTestApiToken } from "../../test-support/fixtures/api-token-fixtures.ts";
import { invite, tokenOf } from "../../test-support/fixtures/team-fixtures.ts";
import { errorCode, insertContactMessage, SUPER_ADMIN_EMAIL } from "../../test-support/fixtures/admin-fixtures.ts";
import type {
  AdminMessageDetail,
  AdminRevenue,
  AdminUserDetail,
  AdminUserSummary,
  Page,
} from "../../../shared/admin/admin-dtos.ts";

const NO_LIMITS = {
  maxTeamMembers: null,
  maxApplications: null,
  maxSubmissions: null,
  storageLimitGb: null,
  monthlyPriceCents: null,
  isCustomPlan: false,
};

describe("admin API", () => {
  let server: TestServer;
  let admin: HttpClient;
  let adminId: string;
  const db = () => server.context.database.db;
  let nextUser = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
    admin = server.client();
    adminId = (await signUpAs(admin, SUPER_ADMIN_EMAIL)).id;
  });
  afterAll(() => server.stop());

  async function newUser(prefix = "user") {
    const client = server.client();
    const email = `${prefix}-${nextUser++}@campo.test`;
    const { id } = await signUpAs(client, email);
    return { client, id, email };
  }

  const createApp = (client: HttpClient, name: string) => client.post("/api/applications", applicationForm(name));

  it("custom limits decide what POST /api/applications allows, and the usage screen shows them", async () => {
    const owner = await newUser("free");
    for (const n of [1, 2, 3]) expect((await createApp(owner.client, `App ${n}`)).status).toBe(201);
    const refused = await createApp(owner.client, "App 4");
    expect(refused.status).toBe(402);
    expect(await errorCode(refused)).toBe("APPLICATION_LIMIT_REACHED");

    const saved = await admin.put(`/api/admin/users/${owner.id}/limits`, { ...NO_LIMITS, maxApplications: 4 });
    expect(saved.status).toBe(200);
    const detail = (await saved.json()) as AdminUserDetail;
    expect(detail.limits.maxApplications).toBe(4);
    expect(detail.effectiveLimits.applications).toBe(4);
    expect(detail.effectiveLimits.teamMembers).toBe(3);

    expect((await createApp(owner.client, "App 4")).status).toBe(201);
    expect((await createApp(owner.client, "App 5")).status).toBe(402);
    const usage = (await (await owner.client.get("/api/usage")).json()) as { limits: { applications: number } };
    expect(usage.limits.applications).toBe(4);
    const subscription = (await (await owner.client.get("/api/billing/subscription")).json()) as {
      limits: { applications: number };
    };
    expect(subscription.limits.applications).toBe(4);

    // Emptied again: the plan decides (3), and the fourth application is now over it.
    await admin.put(`/api/admin/users/${owner.id}/limits`, NO_LIMITS);
    expect(
      ((await (await owner.client.get("/api/usage")).json()) as { limits: { applications: number } }).limits
        .applications,
    ).toBe(3);
  });

  it("refuses bad limits with 400 and keeps the stored ones", async () => {
    const owner = await newUser();
    await admin.put(`/api/admin/users/${owner.id}/limits`, { ...NO_LIMITS, maxTeamMembers: 9 });
    for (const bad of [
      { ...NO_LIMITS, maxTeamMembers: -1 },
      { ...NO_LIMITS, maxApplications: 2.5 },
      { ...NO_LIMITS, storageLimitGb: "muito" },
      { ...NO_LIMITS, monthlyPriceCents: 10 ** 12 },
      { maxTeamMembers: 3 },
    ]) {
      const response = await admin.put(`/api/admin/users/${owner.id}/limits`, bad);
      expect(response.status).toBe(400);
      expect(await errorCode(response)).toBe("VALIDATION_FAILED");
    }
    const [row] = await db().select().from(userLimits).where(eq(userLimits.userId, owner.id));
    expect(row?.maxTeamMembers).toBe(9);
    expect((await admin.put(`/api/admin/users/00000000-0000-4000-8000-000000000000/limits`, NO_LIMITS)).status).toBe(
      404,
    );
    expect((await admin.get(`/api/admin/users/not-a-uuid`)).status).toBe(404);
  });

  it("a disabled user's sessions end at once, sign-in is refused with ACCOUNT_DISABLED, and enabling lets them back", async () => {
    const user = await newUser("disabled");
    expect((await user.client.get("/api/applications")).status).toBe(200);

    const disabled = await admin.patch(`/api/admin/users/${user.id}/status`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(((await disabled.json()) as AdminUserDetail).user.disabled).toBe(true);
    expect((await user.client.get("/api/applications")).status).toBe(401);

    const again = server.client();
    const signIn = await again.signIn(user.email);
    expect(signIn.status).toBe(403);
    expect(await errorCode(signIn)).toBe("ACCOUNT_DISABLED");
    expect(again.hasSession()).toBe(false);

    await admin.patch(`/api/admin/users/${user.id}/status`, { disabled: false });
    expect((await again.signIn(user.email)).status).toBe(200);
    expect((await again.get("/api/applications")).status).toBe(200);
  });

  it("disables an account opened from an invite before its owner ever saved a profile: its session and tokens stop", async () => {
    const owner = await newUser("inviter");
    const appId = (await createApplicationVia(owner.client, applicationForm("Convites"))).application.id;
    const email = `invited-${nextUser++}@campo.test`;
    const sent = await invite(owner.client, {
      name: "Convidada",
      email,
      grants: [{ applicationId: appId, role: "collaborator" }],
    });
    const invitee = server.client();
    const token = tokenOf(sent.link ?? "");
    expect(
      (await invitee.post("/api/invites/sign-up", { token, name: "Convidada", password: "secret123" })).status,
    ).toBe(204);
    expect((await invitee.post("/api/invites/accept", { token })).status).toBe(200);
    const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    assert(account);
    expect(await db().select().from(profiles).where(eq(profiles.userId, account.id))).toEqual([]);
    const apiToken = await createTestApiToken(db(), account.id, [{ applicationId: appId, access: "read" }]);
    const withToken = () =>
      server.client().get(`/api/applications/${appId}`, { headers: { authorization: `Bearer ${apiToken.token}` } });
    expect((await withToken()).status).toBe(200);
    expect((await invitee.get("/api/applications")).status).toBe(200);

    const disabled = await admin.patch(`/api/admin/users/${account.id}/status`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(((await disabled.json()) as AdminUserDetail).user.disabled).toBe(true);
    expect((await invitee.get("/api/applications")).status).toBe(401);
    expect((await withToken()).status).toBe(401);
    expect((await server.client().signIn(email)).status).toBe(403);

    expect((await admin.patch(`/api/admin/users/${account.id}/status`, { disabled: false })).status).toBe(200);
    expect((await withToken()).status).toBe(200);
  });

  it("the session middleware refuses a session of a disabled account even when the session row survives", async () => {
    const user = await newUser("stale");
    expect((await user.client.get("/api/applications")).status).toBe(200);
    // Disabled behind the service's back: its sessions are still in the table.
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, user.id));
    expect((await user.client.get("/api/applications")).status).toBe(401);
    expect(((await (await user.client.get("/api/me")).json()) as { user: unknown }).user).toBeNull();
  });

  it("a super admin cannot disable themself", async () => {
    const response = await admin.patch(`/api/admin/users/${adminId}/status`, { disabled: true });
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe("SELF_DISABLE_FORBIDDEN");
    expect((await admin.get("/api/admin/users")).status).toBe(200);
  });

  it("a reply is e-mailed through the outbox, kept in the thread with its outbox id, and answers the message", async () => {
    const id = await insertContactMessage(db(), "Dúvida sobre planos");
    const empty = await admin.post(`/api/admin/messages/contact/${id}/replies`, { body: "   " });
    expect(empty.status).toBe(400);

    const response = await admin.post(`/api/admin/messages/contact/${id}/replies`, { body: "O Premium tem 10 apps." });
    expect(response.status).toBe(201);
    const thread = (await response.json()) as AdminMessageDetail;
    expect(thread.status).toBe("answered");
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]?.body).toBe("O Premium tem 10 apps.");

    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "joana@example.com"), eq(emailOutbox.kind, "message_reply")))
      .orderBy(desc(emailOutbox.createdAt));
    expect(mail?.textBody).toContain("O Premium tem 10 apps.");
    expect(mail?.subject).toContain("Dúvida sobre planos");
    const [reply] = await db().select().from(messageReplies).where(eq(messageReplies.messageId, id));
    expect(reply?.emailOutboxId).toBe(mail?.id);
    expect(reply?.authorUserId).toBe(adminId);

    const answered = (await (await admin.get("/api/admin/messages?status=answered")).json()) as Page<{ id: string }>;
    expect(answered.items.map((m) => m.id)).toContain(id);
    const archived = await admin.patch(`/api/admin/messages/contact/${id}`, { status: "archived" });
    expect(((await archived.json()) as AdminMessageDetail).status).toBe("archived");
    const fresh = (await (await admin.get("/api/admin/messages?status=new")).json()) as Page<{ id: string }>;
    expect(fresh.items.map((m) => m.id)).not.toContain(id);
  });

  it("lists users by name, e-mail or company, paged with a total", async () => {
    const marker = `zeta${Date.now()}`;
    const created = [];
    for (let n = 0; n < 3; n++) created.push(await newUser(`${marker}-${n}`));
    const first = (await (await admin.get(`/api/admin/users?q=${marker}&pageSize=2`)).json()) as Page<AdminUserSummary>;
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = (await (
      await admin.get(`/api/admin/users?q=${marker}&pageSize=2&page=2`)
    ).json()) as Page<AdminUserSummary>;
    expect(second.items).toHaveLength(1);
    const byCompany = (await (
      await admin.get(`/api/admin/users?q=Agro%20Campo&pageSize=100`)
    ).json()) as Page<AdminUserSummary>;
    expect(byCompany.total).toBeGreaterThanOrEqual(3);
    const row = first.items[0];
    expect(row?.plan.tier).toBe("free");
    expect(row?.lastSignInAt).not.toBeNull();
    expect(row?.usage).toEqual({ records: 0, applications: 0, members: 0, storageBytes: 0 });
    expect((await admin.get("/api/admin/users?pageSize=1000")).status).toBe(400);
    const literal = (await (await admin.get(`/api/admin/users?q=%25`)).json()) as Page<AdminUserSummary>;
    expect(literal.total).toBe(0);
  });

  it("revenue: active subscriptions by plan and cycle, MRR with yearly / 12 and custom prices, past_due apart", async () => {
    const monthly = await newUser("rev");
    const yearly = await newUser("rev");
    const late = await newUser("rev");
    const custom = await newUser("rev");
    await subscribe(db(), monthly.id, "premium");
    await subscribe(db(), yearly.id, "basico");
    await db().update(subscriptions).set({ billingCycle: "yearly" }).where(eq(subscriptions.userId, yearly.id));
    await subscribe(db(), late.id, "premium");
    await db().update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.userId, late.id));
    await admin.put(`/api/admin/users/${custom.id}/limits`, {
      ...NO_LIMITS,
      isCustomPlan: true,
      monthlyPriceCents: 50000,
    });

    const revenue = (await (await admin.get("/api/admin/revenue")).json()) as AdminRevenue;
    expect(revenue.pastDue).toBe(1);
    expect(revenue.byPlan).toEqual(
      expect.arrayContaining([
        { tier: "premium", billingCycle: "monthly", subscriptions: 1, mrrCents: 19900 },
        { tier: "basico", billingCycle: "yearly", subscriptions: 1, mrrCents: Math.round((9900 * 11) / 12) },
        { tier: "custom", billingCycle: "monthly", subscriptions: 1, mrrCents: 50000 },
      ]),
    );
    expect(revenue.mrrCents).toBe(19900 + Math.round((9900 * 11) / 12) + 50000);
    expect(revenue.activeSubscriptions).toBe(3);
  });

  it("resends the verification e-mail (its link verifies the address) and sends a password reset", async () => {
    const user = await newUser("verify");
    expect((await admin.post(`/api/admin/users/${user.id}/verification-email`)).status).toBe(204);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "email_verification")));
    const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain("/api/auth/verify-email?token=");
    await server.client().get(new URL(link ?? "").pathname + new URL(link ?? "").search);
    const [row] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    expect(row?.verified).toBe(true);
    const again = await admin.post(`/api/admin/users/${user.id}/verification-email`);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("EMAIL_ALREADY_VERIFIED");

    expect((await admin.post(`/api/admin/users/${user.id}/password-reset`)).status).toBe(204);
    const resets = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "password_reset")));
    expect(resets).toHaveLength(1);
  });
});
