import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  insertSubmission,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { errorOf, invite, lastInviteToken, recordingMailer } from "../../test-support/fixtures/team-fixtures.ts";
import type { TeamMembersResponse } from "../../../shared/team/team-dtos.ts";

interface Person {
  client: HttpClient;
  user: { id: string; email: string };
}

describe("team: roles, status, removal and the plan's member limit", () => {
  const mailer = recordingMailer();
  let server: TestServer;
  let owner: Person;
  let admin: Person;
  let collaborator: Person;
  let appA: string;
  let appB: string;
  let members: { admin: string; collaborator: string };

  async function person(email: string): Promise<Person> {
    const client = server.client();
    return { client, user: await signUpAs(client, email) };
  }

  /** Invites through the API and accepts as the invitee: the way every membership starts. */
  async function join(
    invitee: Person,
    grants: { applicationId: string; role: "admin_invited" | "collaborator" }[],
    by: HttpClient = owner.client,
  ) {
    await invite(by, {
      name: invitee.user.email.slice(0, invitee.user.email.indexOf("@")),
      email: invitee.user.email,
      grants,
    });
    const response = await invitee.client.post("/api/invites/accept", {
      token: lastInviteToken(mailer, invitee.user.email),
    });
    expect(response.status).toBe(200);
  }

  const team = async (client: HttpClient, query = "") =>
    (await (await client.get(`/api/team/members${query}`)).json()) as TeamMembersResponse;
  const memberIdOf = async (email: string) => (await team(owner.client)).members.find((m) => m.email === email)!.id;
  const rolePath = (memberId: string, applicationId: string) =>
    `/api/team/members/${memberId}/applications/${applicationId}`;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SMTP_URL: "smtp://127.0.0.1:9" }, mailer });
    owner = await person("owner-team@campo.test");
    admin = await person("admin-team@campo.test");
    collaborator = await person("collab-team@campo.test");
    appA = (await createApplicationVia(owner.client, applicationForm("Aplicativo A"))).application.id;
    appB = (await createApplicationVia(owner.client, applicationForm("Aplicativo B"))).application.id;
    await join(admin, [{ applicationId: appA, role: "admin_invited" }]);
    await join(collaborator, [
      { applicationId: appA, role: "collaborator" },
      { applicationId: appB, role: "collaborator" },
    ]);
    members = { admin: await memberIdOf(admin.user.email), collaborator: await memberIdOf(collaborator.user.email) };
  });
  afterAll(() => server.stop());

  it("lists the owner's team with roles per application, the managed applications and the seats", async () => {
    const body = await team(owner.client);
    expect(body.applications.map((a) => [a.name, a.role])).toEqual([
      ["Aplicativo A", "owner"],
      ["Aplicativo B", "owner"],
    ]);
    expect(body.seats).toEqual({ used: 2, limit: 3 });
    const collab = body.members.find((m) => m.id === members.collaborator)!;
    expect(collab).toEqual({
      id: members.collaborator,
      ownerId: owner.user.id,
      name: "collab-team",
      email: collaborator.user.email,
      status: "active",
      linked: true,
      applications: [
        { applicationId: appA, applicationName: "Aplicativo A", role: "collaborator" },
        { applicationId: appB, applicationName: "Aplicativo B", role: "collaborator" },
      ],
    });
    expect((await team(owner.client, `?applicationId=${appB}`)).members.map((m) => m.id)).toEqual([
      members.collaborator,
    ]);
    expect((await team(owner.client, "?owner=me")).members).toHaveLength(2);
  });

  it("lets an invited admin see the members of the application they administer, and nobody else's", async () => {
    const seen = await team(admin.client);
    expect(seen.applications.map((a) => [a.id, a.role])).toEqual([[appA, "admin_invited"]]);
    expect(seen.members.map((m) => m.id).sort()).toEqual([members.admin, members.collaborator].sort());
    // Roles only for the applications the admin manages.
    expect(seen.members.find((m) => m.id === members.collaborator)!.applications.map((a) => a.applicationId)).toEqual([
      appA,
    ]);
    expect((await team(admin.client, "?owner=me")).members).toEqual([]);
    expect((await collaborator.client.get(`/api/team/members?applicationId=${appA}`)).status).toBe(404);
    expect((await team(collaborator.client)).members).toEqual([]);
  });

  it("lets only the creator change roles, and never one's own", async () => {
    const byAdmin = await errorOf(
      await admin.client.patch(rolePath(members.collaborator, appA), { role: "admin_invited" }),
    );
    expect(byAdmin).toEqual({
      status: 403,
      code: "ROLE_CHANGE_FORBIDDEN",
      message: "You don't have permission to change roles in this application.",
    });
    const selfChange = await errorOf(await admin.client.patch(rolePath(members.admin, appA), { role: "collaborator" }));
    expect(selfChange).toEqual({
      status: 403,
      code: "SELF_ROLE_CHANGE",
      message: "You cannot change your own role. Only the admin creator can do this.",
    });
    const byCollaborator = await errorOf(
      await collaborator.client.patch(rolePath(members.collaborator, appA), { role: "admin_invited" }),
    );
    expect(byCollaborator.code).toBe("SELF_ROLE_CHANGE");
    const collaboratorOnAdmin = await errorOf(
      await collaborator.client.patch(rolePath(members.admin, appA), { role: "collaborator" }),
    );
    expect(
      await errorOf(await admin.client.patch(`/api/team/members/${members.collaborator}`, { status: "inactive" })),
    ).toMatchObject({ status: 403, code: "MEMBER_STATUS_FORBIDDEN" });
    const collaboratorInvites = await errorOf(
      await collaborator.client.post("/api/team/invites", {
        name: "Intruso",
        email: "intruso-team@campo.test",
        grants: [{ applicationId: appA, role: "collaborator" }],
      }),
    );
    expect(collaboratorInvites).toMatchObject({ status: 403, code: "TEAM_MANAGE_FORBIDDEN" });
    expect(collaboratorOnAdmin.code).toBe("ROLE_CHANGE_FORBIDDEN");

    const changed = await owner.client.patch(rolePath(members.collaborator, appB), { role: "admin_invited" });
    expect(changed.status).toBe(200);
    const twice = await errorOf(
      await owner.client.patch(rolePath(members.collaborator, appB), { role: "admin_invited" }),
    );
    expect(twice).toEqual({ status: 409, code: "ROLE_ALREADY_ASSIGNED", message: "Role already assigned" });
    const creator = await errorOf(
      await owner.client.patch(rolePath(members.collaborator, appB), { role: "admin_creator" }),
    );
    expect(creator).toEqual({
      status: 409,
      code: "CREATOR_ROLE_LOCKED",
      message: "The Admin Creator role cannot be changed.",
    });
    // The role took effect on that application only.
    const apps = (await (await collaborator.client.get("/api/applications")).json()) as {
      applications: { id: string; role: string }[];
    };
    expect(Object.fromEntries(apps.applications.map((a) => [a.id, a.role]))).toEqual({
      [appA]: "collaborator",
      [appB]: "admin_invited",
    });
    expect((await owner.client.patch(rolePath(members.collaborator, appB), { role: "collaborator" })).status).toBe(200);
  });

  it("answers 'Member or application not found.' to outsiders and for members outside the application", async () => {
    const outsider = await person("outsider-team@campo.test");
    const fromOutsider = await errorOf(
      await outsider.client.patch(rolePath(members.collaborator, appA), { role: "admin_invited" }),
    );
    expect(fromOutsider).toEqual({
      status: 404,
      code: "MEMBER_NOT_FOUND",
      message: "Member or application not found.",
    });
    expect(
      (await errorOf(await owner.client.patch(rolePath(members.admin, appB), { role: "collaborator" }))).code,
    ).toBe("MEMBER_NOT_FOUND");
    expect((await owner.client.patch(rolePath("not-a-uuid", appA), { role: "collaborator" })).status).toBe(404);
    expect((await outsider.client.delete(rolePath(members.collaborator, appA))).status).toBe(404);
    expect(
      (await outsider.client.patch(`/api/team/members/${members.collaborator}`, { status: "inactive" })).status,
    ).toBe(404);
  });

  it("shows administrators every record and collaborators only their own", async () => {
    await insertSubmission(server.context.database.db, {
      applicationId: appA,
      ownerId: owner.user.id,
      submitterId: owner.user.id,
      answers: {},
    });
    await insertSubmission(server.context.database.db, {
      applicationId: appA,
      ownerId: owner.user.id,
      submitterId: collaborator.user.id,
      answers: {},
    });
    const entries = async (client: HttpClient) =>
      (
        (await (await client.get("/api/applications")).json()) as {
          applications: { id: string; entriesCount: number }[];
        }
      ).applications.find((a) => a.id === appA)!.entriesCount;
    expect(await entries(owner.client)).toBe(2);
    expect(await entries(admin.client)).toBe(2);
    expect(await entries(collaborator.client)).toBe(1);
  });

  it("keeps the designer to administrators: a collaborator's PUT is refused", async () => {
    const response = await collaborator.client.put(`/api/applications/${appA}`, applicationForm("Aplicativo A"));
    expect(response.status).toBe(403);
  });

  it("removes a member from one application and keeps the others", async () => {
    const extra = await person("removed-team@campo.test");
    await join(extra, [
      { applicationId: appA, role: "collaborator" },
      { applicationId: appB, role: "collaborator" },
    ]);
    const id = await memberIdOf(extra.user.email);
    // An invited admin removes collaborators, not other admins; nobody removes themselves.
    expect((await errorOf(await admin.client.delete(rolePath(members.admin, appA)))).code).toBe("SELF_ROLE_CHANGE");
    expect((await admin.client.delete(rolePath(id, appA))).status).toBe(204);
    expect((await extra.client.get(`/api/applications/${appA}`)).status).toBe(404);
    expect((await extra.client.get(`/api/applications/${appB}`)).status).toBe(200);
    expect(
      (await team(owner.client)).members.find((m) => m.id === id)!.applications.map((a) => a.applicationId),
    ).toEqual([appB]);
    // Back in through the member dialog's "add to application".
    expect(
      (await owner.client.post(`/api/team/members/${id}/applications`, { applicationId: appA, role: "collaborator" }))
        .status,
    ).toBe(201);
    expect(
      (
        await errorOf(
          await owner.client.post(`/api/team/members/${id}/applications`, {
            applicationId: appA,
            role: "collaborator",
          }),
        )
      ).code,
    ).toBe("ALREADY_MEMBER");
    expect((await extra.client.get(`/api/applications/${appA}`)).status).toBe(200);
    expect((await owner.client.patch(`/api/team/members/${id}`, { status: "inactive" })).status).toBe(200);
  });

  it("takes every application away from an inactive member and gives it back on reactivation", async () => {
    const deactivated = await owner.client.patch(`/api/team/members/${members.collaborator}`, { status: "inactive" });
    expect(deactivated.status).toBe(200);
    expect((await collaborator.client.get(`/api/applications/${appA}`)).status).toBe(404);
    expect(
      ((await (await collaborator.client.get("/api/applications")).json()) as { applications: unknown[] }).applications,
    ).toEqual([]);
    // Only the team's owner switches status.
    expect((await admin.client.patch(`/api/team/members/${members.collaborator}`, { status: "active" })).status).toBe(
      403,
    );
    expect((await owner.client.patch(`/api/team/members/${members.collaborator}`, { status: "active" })).status).toBe(
      200,
    );
    expect((await collaborator.client.get(`/api/applications/${appA}`)).status).toBe(200);
  });

  it("counts active members plus pending invites against the free plan's 3 members", async () => {
    // Active now: admin and collaborator (the removed one is inactive): one seat left.
    expect((await team(owner.client)).seats).toEqual({ used: 2, limit: 3 });
    await invite(owner.client, {
      name: "Pendente",
      email: "pending-team@campo.test",
      grants: [{ applicationId: appA, role: "collaborator" }],
    });
    expect((await team(owner.client)).seats).toEqual({ used: 3, limit: 3 });
    const full = await errorOf(
      await owner.client.post("/api/team/invites", {
        name: "Quarto",
        email: "fourth-team@campo.test",
        grants: [{ applicationId: appA, role: "collaborator" }],
      }),
    );
    expect(full).toMatchObject({ status: 402, code: "TEAM_MEMBER_LIMIT_REACHED" });
    // Reactivating the inactive member would be a fourth seat too.
    const inactiveId = await memberIdOf("removed-team@campo.test");
    expect(
      (await errorOf(await owner.client.patch(`/api/team/members/${inactiveId}`, { status: "active" }))).code,
    ).toBe("TEAM_MEMBER_LIMIT_REACHED");
    // Deactivating a member frees a seat.
    expect((await owner.client.patch(`/api/team/members/${members.admin}`, { status: "inactive" })).status).toBe(200);
    expect(
      (
        await owner.client.post("/api/team/invites", {
          name: "Quarto",
          email: "fourth-team@campo.test",
          grants: [{ applicationId: appA, role: "collaborator" }],
        })
      ).status,
    ).toBe(201);
    expect((await owner.client.patch(`/api/team/members/${members.admin}`, { status: "active" })).status).toBe(402);
  });

  it("lets an invited admin invite collaborators (into the owner's team) but not administrators", async () => {
    const other = await person("owner2-team@campo.test");
    const app = (await createApplicationVia(other.client, applicationForm("Outro Dono"))).application.id;
    const helper = await person("helper-team@campo.test");
    await join(helper, [{ applicationId: app, role: "admin_invited" }], other.client);
    const asAdmin = await errorOf(
      await helper.client.post("/api/team/invites", {
        name: "Novo",
        email: "new1-team@campo.test",
        grants: [{ applicationId: app, role: "admin_invited" }],
      }),
    );
    expect(asAdmin.code).toBe("ROLE_CHANGE_FORBIDDEN");
    const sent = await invite(helper.client, {
      name: "Novo",
      email: "new1-team@campo.test",
      grants: [{ applicationId: app, role: "collaborator" }],
    });
    expect(sent.invite.status).toBe("pending");
    expect((await team(other.client)).seats.used).toBe(2);
    const mixed = await errorOf(
      await other.client.post("/api/team/invites", {
        name: "Misto",
        email: "mixed-team@campo.test",
        grants: [
          { applicationId: app, role: "collaborator" },
          { applicationId: appA, role: "collaborator" },
        ],
      }),
    );
    expect(mixed.status).toBe(404);
  });
});
