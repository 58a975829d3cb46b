/**
 * Every billing route × every kind of caller (spec 000 §6: only a creator sees billing and plans). Collaborators
 * and invited admins who own nothing get 403 BILLING_FORBIDDEN; a refused request changes nothing. Users allowed
 * through get the route's own answer (409 and 404 where they have nothing to act on), which shows they passed.
 */
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { billingCheckoutSessions, subscriptions } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import type { CheckoutResponse } from "../../../shared/billing/billing-dtos.ts";

const ROLES = ["anonymous", "unrelated", "collaborator", "admin", "owner", "superAdmin"] as const;
type Role = (typeof ROLES)[number];

interface RouteCase {
  method: "GET" | "POST";
  route: string;
  path: (sessionId: string) => string;
  body?: unknown;
  /** The answer of a caller allowed through (unrelated users own nothing yet but may subscribe). */
  allowed: number;
  /** Overrides per role. */
  expected?: Partial<Record<Role, number>>;
}

const NO_SESSION = "cs_local_doesnotexist";

// Order matters: the checkout (which creates the caller's customer) comes last.
const ROUTES: RouteCase[] = [
  { method: "GET", route: "/api/billing/subscription", path: () => "/api/billing/subscription", allowed: 200 },
  { method: "POST", route: "/api/billing/check", path: () => "/api/billing/check", body: {}, allowed: 200 },
  { method: "GET", route: "/api/billing/invoices", path: () => "/api/billing/invoices", allowed: 200 },
  {
    method: "POST",
    route: "/api/billing/portal",
    path: () => "/api/billing/portal",
    body: {},
    allowed: 409,
    expected: { owner: 200 },
  },
  {
    method: "POST",
    route: "/api/billing/change-plan",
    path: () => "/api/billing/change-plan",
    body: { newPlan: "premium" },
    allowed: 409,
  },
  { method: "POST", route: "/api/billing/cancel", path: () => "/api/billing/cancel", body: {}, allowed: 409 },
  { method: "POST", route: "/api/billing/resume", path: () => "/api/billing/resume", body: {}, allowed: 409 },
  {
    method: "GET",
    route: "/api/billing/local/sessions/:id (the owner's open session)",
    path: (sessionId) => `/api/billing/local/sessions/${sessionId}`,
    allowed: 404,
    expected: { owner: 200 },
  },
  {
    method: "POST",
    route: "/api/billing/local/sessions/:id/pay (no such session)",
    path: () => `/api/billing/local/sessions/${NO_SESSION}/pay`,
    body: {},
    allowed: 404,
  },
  {
    method: "POST",
    route: "/api/billing/local/sessions/:id/cancel (no such session)",
    path: () => `/api/billing/local/sessions/${NO_SESSION}/cancel`,
    body: {},
    allowed: 404,
  },
  {
    method: "POST",
    route: "/api/billing/local/simulate",
    path: () => "/api/billing/local/simulate",
    body: { event: "payment_failed" },
    allowed: 409,
  },
  {
    method: "POST",
    route: "/api/billing/checkout",
    path: () => "/api/billing/checkout",
    body: { planName: "basico", billingCycle: "monthly" },
    allowed: 200,
  },
];

function expectedStatus(testCase: RouteCase, role: Role): number {
  if (role === "anonymous") return 401;
  if (role === "collaborator" || role === "admin") return 403;
  return testCase.expected?.[role] ?? testCase.allowed;
}

const SUPER_ADMIN_EMAIL = "root-billing@campo.test";

describe("billing permission matrix", () => {
  let server: TestServer;
  const clients = {} as Record<Role, HttpClient>;
  let ownerSessionId = "";
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
    const users = {} as Record<Role, { id: string; email: string }>;
    for (const role of ROLES) {
      clients[role] = server.client();
      if (role === "anonymous") continue;
      users[role] = await signUpAs(
        clients[role],
        role === "superAdmin" ? SUPER_ADMIN_EMAIL : `${role}-billing@campo.test`,
      );
    }
    const { application } = await createApplicationVia(clients.owner, applicationForm("Aplicativo do dono"));
    for (const role of ["collaborator", "admin"] as const) {
      await grantRole(db(), {
        ownerId: users.owner.id,
        userId: users[role].id,
        email: users[role].email,
        applicationId: application.id,
        role: role === "admin" ? "admin_invited" : "collaborator",
      });
    }
    ownerSessionId = (
      (await (await clients.owner.post("/api/billing/checkout", { planName: "premium" })).json()) as CheckoutResponse
    ).sessionId;
  });
  afterAll(() => server.stop());

  async function snapshot() {
    const rows = await db().select().from(subscriptions).orderBy(subscriptions.userId);
    const [count] = await db()
      .select({ sessions: sql<number>`count(*)::int` })
      .from(billingCheckoutSessions);
    assert(count);
    return { rows, sessions: count.sessions };
  }

  const cases = ROUTES.flatMap((route) =>
    ROLES.map((role) => ({
      ...route,
      role,
      title: `${route.method} ${route.route} as ${role} → ${expectedStatus(route, role)}`,
    })),
  );

  it.each(cases)("$title", async (testCase) => {
    const before = await snapshot();
    const response = await clients[testCase.role].request(testCase.path(ownerSessionId), {
      method: testCase.method,
      ...(testCase.body === undefined ? {} : { json: testCase.body }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(expectedStatus(testCase, testCase.role));
    if (response.status === 403) expect(JSON.parse(text).error.code).toBe("BILLING_FORBIDDEN");
    if (response.status >= 300) expect(await snapshot()).toEqual(before);
  });

  it("the webhook takes no session: with the local provider it does not exist for anyone", async () => {
    for (const role of ROLES) {
      const response = await clients[role].request("/api/billing/webhook", { method: "POST", json: {} });
      expect(response.status).toBe(404);
    }
  });
});
