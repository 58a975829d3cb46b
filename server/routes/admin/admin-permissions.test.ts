/**
 * Every /api/admin route × every kind of caller: only super admins (SUPER_ADMIN_EMAILS) get through; anonymous
 * callers get 401, every other signed-in user 403 (application owners and admins included), and a refused request
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { emailOutbox, messageReplies, profiles, userLimits } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import {
  insertContactMessage,
  postSupportMessage,
  SUPER_ADMIN_EMAIL,
} from "../../test-support/fixtures/admin-fixtures.ts";

const ROLES = ["anonymous", "stranger", "collaborator", "invitedAdmin", "owner", "superAdmin"] as const;
type Role = (typeof ROLES)[number];

interface Target {
  userId: string;
  contactId: string;
  supportId: string;
  /** The welcome e-mail the target user got at sign-up (its address holds "target-"). */
  emailId: string;
}

interface RouteCase {
  method: "GET" | "POST" | "PUT" | "PATCH";
  route: string;
  path: (t: Target) => string;
  body?: unknown;
  /** The super admin's status; everyone else is refused. */
  ok: number;
}

const ROUTES: RouteCase[] = [
  { method: "GET", route: "/api/admin/users", path: () => "/api/admin/users?q=matrix&page=1", ok: 200 },
  { method: "GET", route: "/api/admin/users/:id", path: (t) => `/api/admin/users/${t.userId}`, ok: 200 },
  {
    method: "PUT",
    route: "/api/admin/users/:id/limits",
    path: (t) => `/api/admin/users/${t.userId}/limits`,
    body: {
      maxTeamMembers: 5,
      maxApplications: 7,
      maxSubmissions: null,
      storageLimitGb: 2,
      monthlyPriceCents: 15000,
      isCustomPlan: false,
    },
    ok: 200,
  },
  {
    method: "PATCH",
    route: "/api/admin/users/:id/status",
    path: (t) => `/api/admin/users/${t.userId}/status`,
    body: { disabled: true },
    ok: 200,
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/verification-email",
    path: (t) => `/api/admin/users/${t.userId}/verification-email`,
    ok: 204,
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/password-reset",
    path: (t) => `/api/admin/users/${t.userId}/password-reset`,
    ok: 204,
  },
  { method: "GET", route: "/api/admin/applications", path: () => "/api/admin/applications?q=Matriz", ok: 200 },
  { method: "GET", route: "/api/admin/revenue", path: () => "/api/admin/revenue", ok: 200 },
  { method: "GET", route: "/api/admin/messages", path: () => "/api/admin/messages?status=new", ok: 200 },
  {
    method: "GET",
    route: "/api/admin/messages/:kind/:id",
    path: (t) => `/api/admin/messages/contact/${t.contactId}`,
    ok: 200,
  },
  {
    method: "PATCH",
    route: "/api/admin/messages/:kind/:id",
    path: (t) => `/api/admin/messages/support/${t.supportId}`,
    body: { status: "archived" },
    ok: 200,
  },
  {
    method: "POST",
    route: "/api/admin/messages/:kind/:id/replies",
    path: (t) => `/api/admin/messages/contact/${t.contactId}/replies`,
    body: { body: "Olá! O plano Premium inclui 10 aplicativos." },
    ok: 201,
  },
  { method: "GET", route: "/api/admin/emails", path: () => "/api/admin/emails?q=target-&page=1", ok: 200 },
  { method: "GET", route: "/api/admin/emails/:id", path: (t) => `/api/admin/emails/${t.emailId}`, ok: 200 },
  {
    method: "GET",
    route: "/api/support/:id/image (the inbox's image)",
    path: (t) => `/api/support/${t.supportId}/image`,
    ok: 200,
  },
];

describe("admin API: role × route", () => {
  let server: TestServer;
  const clients = {} as Record<Role, HttpClient>;
  let target: Target;
  const db = () => server.context.database.db;
  let nextTarget = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
    const users = {} as Record<Role, { id: string; email: string }>;
    for (const role of ROLES) {
      clients[role] = server.client();
      if (role === "anonymous") continue;
      users[role] = await signUpAs(
        clients[role],
        role === "superAdmin" ? SUPER_ADMIN_EMAIL : `${role}-admin@campo.test`,
      );
    }
    const created = await createApplicationVia(clients.owner, applicationForm("Matriz do painel"));
    for (const [role, grant] of [
      ["collaborator", "collaborator"],
      ["invitedAdmin", "admin_invited"],
    ] as const) {
      await grantRole(db(), {
        ownerId: users.owner.id,
        userId: users[role].id,
        email: users[role].email,
        applicationId: created.application.id,
        role: grant,
      });
    }
  });
  afterAll(() => server.stop());

  /** A fresh user and fresh messages for every case: a permitted call may disable, limit or answer them. */
  async function makeTarget(): Promise<Target> {
    const email = `target-${nextTarget++}-matrix@campo.test`;
    const { id } = await signUpAs(server.client(), email);
    const [welcome] = await db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    if (!welcome) throw new Error(`no welcome e-mail to ${email}`);
    return {
      userId: id,
      emailId: welcome.id,
      contactId: await insertContactMessage(db()),
      supportId: await postSupportMessage(server.client(), `Suporte matriz ${nextTarget}`),
    };
  }

  async function snapshot(t: Target) {
    const [limits] = await db().select().from(userLimits).where(eq(userLimits.userId, t.userId));
    const [profile] = await db()
      .select({ disabledAt: profiles.disabledAt })
      .from(profiles)
      .where(eq(profiles.userId, t.userId));
    const [replies] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messageReplies);
    const [outbox] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox);
    const statuses = await db().execute(
      sql`select status from contact_messages where id = ${t.contactId} union all
          select status from support_messages where id = ${t.supportId}`,
    );
    return { limits, profile, replies, outbox, statuses: (statuses as { rows: unknown[] }).rows };
  }

  const cases = ROUTES.flatMap((route) =>
    ROLES.map((role) => {
      const expected = role === "anonymous" ? 401 : role === "superAdmin" ? route.ok : 403;
      return { ...route, role, expected, title: `${route.method} ${route.route} as ${role} → ${expected}` };
    }),
  );

  it.each(cases)("$title", async (testCase) => {
    target ??= await makeTarget();
    const t = testCase.role === "superAdmin" ? await makeTarget() : target;
    const before = await snapshot(t);
    const response = await clients[testCase.role].request(testCase.path(t), {
      method: testCase.method,
      ...(testCase.method === "GET" ? {} : { json: testCase.body ?? {} }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(testCase.expected);
    if (response.status >= 300) {
      expect(text).not.toContain("target-");
      expect(await snapshot(t)).toEqual(before);
    }
  });
});
