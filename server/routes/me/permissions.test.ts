/** GET /api/me/permissions (the /debug-permissions page): the caller's own permissions as the server enforces them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import type { PermissionReport } from "../../../shared/permissions/permission-report.ts";

const SUPER_ADMIN_EMAIL = "root-debug@campo.test";

describe("GET /api/me/permissions", () => {
  let server: TestServer;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL, ...TRUST_PROXY_ENV } });
  });
  afterAll(() => server.stop());

  it("anonymous: 401", async () => {
    const response = await server.client().get("/api/me/permissions");
    expect(response.status).toBe(401);
  });

  it("answers only about the caller: their roles per application, the session's times, never its token", async () => {
    const ownerClient = server.client();
    const owner = await signUpAs(ownerClient, "owner-debug@campo.test");
    const memberClient = server.client();
    const member = await signUpAs(memberClient, "member-debug@campo.test");
    const app = await createApplicationVia(ownerClient, applicationForm("Depurada"));
    await grantRole(db(), {
      ownerId: owner.id,
      userId: member.id,
      email: member.email,
      applicationId: app.application.id,
      role: "collaborator",
    });

    const ownerReport = (await (await ownerClient.get("/api/me/permissions")).json()) as PermissionReport;
    expect(ownerReport.user).toMatchObject({ id: owner.id, email: owner.email });
    expect(ownerReport.permissions).toMatchObject({
      isApplicationAdmin: true,
      isSuperAdmin: false,
      canManageTeam: true,
    });
    expect(ownerReport.applications).toEqual([
      expect.objectContaining({
        id: app.application.id,
        name: "Depurada",
        permissions: expect.objectContaining({ isOwner: true, isAdmin: true, role: "owner" }),
        capabilities: expect.objectContaining({ canEdit: true, canDelete: true }),
      }),
    ]);

    const response = await memberClient.get("/api/me/permissions");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const report = JSON.parse(text) as PermissionReport;
    expect(report.user.id).toBe(member.id);
    expect(report.permissions).toMatchObject({ isApplicationAdmin: false, canManageTeam: false });
    expect(report.applications).toEqual([
      expect.objectContaining({
        id: app.application.id,
        permissions: expect.objectContaining({ isCollaborator: true, isAdmin: false, hasAccess: true }),
        capabilities: expect.objectContaining({ canEdit: false, canCollect: true }),
      }),
    ]);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, member.id));
    if (!session) throw new Error("no session");
    expect(report.session).toEqual({
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    });
    expect(text).not.toContain(session.token);
    expect(text).not.toContain(owner.email);
  });

  it("a super admin sees the global flags the server grants", async () => {
    const client = server.client();
    await signUpAs(client, SUPER_ADMIN_EMAIL);
    const report = (await (await client.get("/api/me/permissions")).json()) as PermissionReport;
    expect(report.permissions).toMatchObject({
      isSuperAdmin: true,
      hasGlobalAccess: true,
      canViewAllSubmissions: true,
    });
    expect(report.applications).toEqual([]);
  });
});
