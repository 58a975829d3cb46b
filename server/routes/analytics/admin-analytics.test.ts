import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  textField,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import type { AnalyticsSummary } from "../../../shared/analytics/summary.ts";

/** The six callers of the permission matrix: only super admins read analytics, whatever role they hold elsewhere. */
const EXPECTED = {
  anonymous: 401,
  unrelated: 403,
  collaborator: 403,
  admin: 403,
  owner: 403,
  superAdmin: 200,
} as const;
type Role = keyof typeof EXPECTED;

describe("GET /api/admin/analytics/summary", () => {
  let server: TestServer;
  const clients = {} as Record<Role, HttpClient>;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SUPER_ADMIN_EMAILS: "boss@campo.test" } });
    const db = server.context.database.db;
    for (const role of Object.keys(EXPECTED) as Role[]) clients[role] = server.client();
    const owner = await signUpAs(clients.owner, "owner@campo.test");
    const application = await createApplicationVia(clients.owner, applicationForm("Censo", [textField("Nome")]));
    for (const [role, dbRole] of [
      ["collaborator", "collaborator"],
      ["admin", "admin_invited"],
    ] as const) {
      const user = await signUpAs(clients[role], `${role}@campo.test`);
      await grantRole(db, {
        ownerId: owner.id,
        userId: user.id,
        email: user.email,
        applicationId: application.application.id,
        role: dbRole,
      });
    }
    await signUpAs(clients.unrelated, "stranger@campo.test");
    await signUpAs(clients.superAdmin, "boss@campo.test");
  });
  afterAll(() => server?.stop());

  it.each(Object.entries(EXPECTED) as [Role, number][])("answers %s with %i", async (role, status) => {
    const response = await clients[role].get("/api/admin/analytics/summary?days=7");
    expect(response.status).toBe(status);
    if (status === 200) {
      const summary = (await response.json()) as AnalyticsSummary;
      expect(summary.daily).toHaveLength(7);
      expect(summary.funnel.map((step) => step.step)).toEqual([
        "page_view",
        "sign_up_start",
        "sign_up_complete",
        "form_created",
        "data_collected",
      ]);
      expect(response.headers.get("cache-control")).toBe("no-store");
    } else {
      expect(await response.text()).not.toContain("funnel");
    }
  });

  it.each(["5", "abc", "-1", "1000"])("refuses days=%s with 400", async (days) => {
    const response = await clients.superAdmin.get(`/api/admin/analytics/summary?days=${days}`);
    expect(response.status).toBe(400);
  });

  it("counts a page view sent through the collector in today's figures", async () => {
    const sent = await clients.anonymous.request("/api/analytics", {
      method: "POST",
      json: { events: [{ name: "page_view", path: "/home?utm_source=test" }] },
      headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36" },
    });
    expect(sent.status).toBe(204);
    const summary = (await (
      await clients.superAdmin.get("/api/admin/analytics/summary?days=30")
    ).json()) as AnalyticsSummary;
    expect(summary.daily.at(-1)).toMatchObject({ pageViews: 1, visitors: 1 });
    expect(summary.topPages).toEqual([{ value: "/home", pageViews: 1, visitors: 1 }]);
    expect(summary.devices).toEqual([{ value: "desktop", pageViews: 1, visitors: 1 }]);
  });
});
