import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { applicationMembers, applications, teamMembers } from "../../db/schema/index.ts";
import { globalPermissions } from "../../../shared/permissions/permissions.ts";

type MeBody = {
  user: { id: string; email: string; name: string };
  isSuperAdmin: boolean;
  permissions: Record<string, boolean>;
};

describe("GET /api/me", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SUPER_ADMIN_EMAILS: "boss@example.com" } });
  });
  afterAll(() => server.stop());

  it("answers 200 { user: null } when signed out, while other routes still answer 401", async () => {
    const client = server.client();
    const response = await client.get("/api/me");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ user: null });
    const other = await client.get("/api/applications");
    expect(other.status).toBe(401);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
  });

  it("gives a plain user the everyone-permissions only", async () => {
    const client = server.client();
    const user = await client.signUp("plain@example.com", "secret123", "Plain");
    const body = (await (await client.get("/api/me")).json()) as MeBody;
    expect(body).toEqual({
      user: { id: user.id, email: "plain@example.com", name: "Plain" },
      isSuperAdmin: false,
      permissions: globalPermissions({ isSuperAdmin: false, isApplicationAdmin: false }),
    });
    expect(body.permissions.canCreateApplications).toBe(true);
    expect(body.permissions.canExportData).toBe(false);
  });

  it("gives a SUPER_ADMIN_EMAILS user global access", async () => {
    const client = server.client();
    await client.signUp("Boss@Example.com");
    const body = (await (await client.get("/api/me")).json()) as MeBody;
    expect(body.isSuperAdmin).toBe(true);
    expect(body.permissions).toEqual(globalPermissions({ isSuperAdmin: true, isApplicationAdmin: false }));
    expect(body.permissions.hasGlobalAccess).toBe(true);
  });

  it("makes owners and invited administrators (matched by e-mail) application admins, not collaborators", async () => {
    const db = server.context.database.db;
    const owner = server.client();
    const ownerUser = await owner.signUp("owner@example.com");
    const [app] = await db.insert(applications).values({ ownerId: ownerUser.id, name: "App" }).returning();
    assert(app);
    const permissionsOf = async (client: typeof owner) =>
      ((await (await client.get("/api/me")).json()) as MeBody).permissions;
    expect((await permissionsOf(owner)).isApplicationAdmin).toBe(true);

    const admin = server.client();
    await admin.signUp("invited.admin@example.com");
    const collaborator = server.client();
    await collaborator.signUp("collab@example.com");
    const members = await db
      .insert(teamMembers)
      .values([
        { ownerId: ownerUser.id, name: "Admin", email: "Invited.Admin@example.com" },
        { ownerId: ownerUser.id, name: "Collab", email: "collab@example.com" },
      ])
      .returning();
    const [adminMember, collaboratorMember] = members;
    assert(adminMember && collaboratorMember);
    await db.insert(applicationMembers).values([
      { applicationId: app.id, teamMemberId: adminMember.id, role: "admin_invited" },
      { applicationId: app.id, teamMemberId: collaboratorMember.id, role: "collaborator" },
    ]);
    expect(await permissionsOf(admin)).toEqual(
      globalPermissions({ isSuperAdmin: false, isApplicationAdmin: true, isMemberOnly: true }),
    );
    expect((await permissionsOf(collaborator)).isApplicationAdmin).toBe(false);
    expect((await permissionsOf(collaborator)).canManageBilling).toBe(false);
    expect((await permissionsOf(owner)).canManageBilling).toBe(true);

    // Owning an application of their own makes the collaborator an owner with a plan to manage.
    await db.insert(applications).values({
      ownerId: ((await collaborator.get("/api/me").then((r) => r.json())) as { user: { id: string } }).user.id,
      name: "Mine",
    });
    expect((await permissionsOf(collaborator)).canManageBilling).toBe(true);
  });
});
