/** "E-mails enviados" (issue 29): without SMTP a super admin reads a password-reset e-mail, link whole. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { SUPER_ADMIN_EMAIL } from "../../test-support/fixtures/admin-fixtures.ts";
import type { AdminEmailDetail, AdminEmailSummary, Page } from "../../../shared/admin/admin-dtos.ts";

describe("admin: e-mails sent", () => {
  let server: TestServer;
  let admin: HttpClient;
  let user: HttpClient;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
    admin = server.client();
    await signUpAs(admin, SUPER_ADMIN_EMAIL);
    user = server.client();
    userId = (await signUpAs(user, "forgot-emails@campo.test")).id;
  });
  afterAll(() => server.stop());

  const json = async <T>(client: HttpClient, path: string) => {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it("lists the outbox newest first and opens a reset e-mail with its whole link", async () => {
    const reset = await admin.post(`/api/admin/users/${userId}/password-reset`);
    expect(reset.status).toBe(204);

    const page = await json<Page<AdminEmailSummary>>(admin, "/api/admin/emails?q=forgot-emails&pageSize=10");
    expect(page.items.map((item) => item.kind)).toEqual(["password_reset", "welcome"]);
    const [latest] = page.items;
    expect(latest).toMatchObject({ to: "forgot-emails@campo.test", status: "logged" });
    expect(page.total).toBe(2);
    expect(page.items[0]).not.toHaveProperty("text");

    const detail = await json<AdminEmailDetail>(admin, `/api/admin/emails/${latest!.id}`);
    const link = detail.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toMatch(/\/reset-password\?token=[\w-]{20,}/);
    expect(detail).toMatchObject({ id: latest!.id, subject: latest!.subject, html: null, attempts: 0 });

    // Paging: one per page, the second page holds the welcome.
    const second = await json<Page<AdminEmailSummary>>(admin, "/api/admin/emails?q=forgot-emails&pageSize=1&page=2");
    expect(second.items.map((item) => item.kind)).toEqual(["welcome"]);
  });

  it("is for super admins only, and answers 404 for an unknown e-mail", async () => {
    expect((await user.get("/api/admin/emails")).status).toBe(403);
    const [any] = (await json<Page<AdminEmailSummary>>(admin, "/api/admin/emails")).items;
    const refused = await user.get(`/api/admin/emails/${any!.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("token=");
    expect((await server.client().get("/api/admin/emails")).status).toBe(401);
    expect((await admin.get("/api/admin/emails/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.get("/api/admin/emails/nope")).status).toBe(404);
  });
});
