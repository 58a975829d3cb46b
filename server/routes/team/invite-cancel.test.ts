/** Cancelling an invite (issue 29), and one seat count on the team, usage, subscription and dashboard answers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  signUpAs,
  subscribe,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { errorOf, invite, lastInviteToken, recordingMailer } from "../../test-support/fixtures/team-fixtures.ts";
import type { TeamMembersResponse } from "../../../shared/team/team-dtos.ts";

interface Person {
  client: HttpClient;
  user: { id: string; email: string };
}

describe("invites: cancel, and the seats they hold", () => {
  const mailer = recordingMailer();
  let server: TestServer;
  let owner: Person;
  let admin: Person;
  let collaborator: Person;
  let stranger: Person;
  let applicationId: string;

  async function person(email: string): Promise<Person> {
    const client = server.client();
    return { client, user: await signUpAs(client, email) };
  }

  const grants = () => [{ applicationId, role: "collaborator" as const }];
  const validate = async (token: string) =>
    (await (await server.client().get(`/api/invites/validate?token=${token}`)).json()) as {
      isValid: boolean;
      reason: string | null;
    };
  const json = async <T>(client: HttpClient, path: string) => (await (await client.get(path)).json()) as T;

  /** The owner's seats as each screen reads them: team page, usage banner, subscription page, dashboard. */
  async function seatsEverywhere() {
    const team = await json<TeamMembersResponse>(owner.client, "/api/team/members");
    const usage = await json<{ usage: { teamMembers: number } }>(owner.client, "/api/usage");
    const billing = await json<{ usage: { teamMembers: number } }>(owner.client, "/api/billing/subscription");
    const dashboard = await json<{ usage: { usage: { teamMembers: number } } }>(
      owner.client,
      "/api/dashboard?tz=America/Sao_Paulo",
    );
    return {
      team: team.seats.used,
      usage: usage.usage.teamMembers,
      subscription: billing.usage.teamMembers,
      dashboard: dashboard.usage.usage.teamMembers,
    };
  }
  const all = (used: number) => ({ team: used, usage: used, subscription: used, dashboard: used });

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SMTP_URL: "smtp://127.0.0.1:9" }, mailer });
    owner = await person("owner-cancel@campo.test");
    admin = await person("admin-cancel@campo.test");
    collaborator = await person("collab-cancel@campo.test");
    stranger = await person("stranger-cancel@campo.test");
    applicationId = (await createApplicationVia(owner.client, applicationForm("Cancelamentos"))).application.id;
    const db = server.context.database.db;
    // Room for several pending invites at once (the free plan's 3 seats are the team test's subject).
    await subscribe(db, owner.user.id, "custom");
    for (const [who, role] of [
      [admin, "admin_invited"],
      [collaborator, "collaborator"],
    ] as const)
      await grantRole(db, { ownerId: owner.user.id, userId: who.user.id, email: who.user.email, applicationId, role });
  });
  afterAll(() => server.stop());

  it("counts pending invites as seats the same on the team, usage, subscription and dashboard answers", async () => {
    expect(await seatsEverywhere()).toEqual(all(2));
    const sent = await invite(owner.client, { name: "Pendente", email: "seat-cancel@example.com", grants: grants() });
    expect(await seatsEverywhere()).toEqual(all(3));
    expect((await owner.client.delete(`/api/team/invites/${sent.invite.id}`)).status).toBe(204);
    expect(await seatsEverywhere()).toEqual(all(2));
  });

  it("lets the owner and the sender cancel; the link then reads as no longer valid", async () => {
    const byOwner = await invite(owner.client, { name: "Ana Lima", email: "a-cancel@example.com", grants: grants() });
    const byAdmin = await invite(admin.client, { name: "Bia Souza", email: "b-cancel@example.com", grants: grants() });
    const tokenA = lastInviteToken(mailer, "a-cancel@example.com");
    expect(await validate(tokenA)).toMatchObject({ isValid: true });

    // Nobody else may, and is told it does not exist; the invite stands.
    for (const other of [stranger, collaborator, admin]) {
      const refused = await errorOf(await other.client.delete(`/api/team/invites/${byOwner.invite.id}`));
      expect(refused).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
    expect((await server.client().delete(`/api/team/invites/${byOwner.invite.id}`)).status).toBe(401);
    expect(await validate(tokenA)).toMatchObject({ isValid: true });

    expect((await owner.client.delete(`/api/team/invites/${byOwner.invite.id}`)).status).toBe(204);
    expect(await validate(tokenA)).toEqual(expect.objectContaining({ isValid: false, reason: "invalid" }));
    const accept = await errorOf(
      await (await person("a-cancel@example.com")).client.post("/api/invites/accept", { token: tokenA }),
    );
    expect(accept.status).toBe(404);

    expect((await admin.client.delete(`/api/team/invites/${byAdmin.invite.id}`)).status).toBe(204);
    const listed = await json<{ invites: { id: string }[] }>(owner.client, "/api/team/invites");
    expect(listed.invites.map((row) => row.id)).not.toContain(byAdmin.invite.id);
    expect((await owner.client.delete(`/api/team/invites/${byAdmin.invite.id}`)).status).toBe(404);
    expect((await owner.client.delete("/api/team/invites/not-a-uuid")).status).toBe(404);
  });

  it("refuses to cancel an accepted invite: that is a membership now", async () => {
    const newcomer = await person("newcomer-cancel@example.com");
    const sent = await invite(owner.client, { name: "Nilo Reis", email: newcomer.user.email, grants: grants() });
    const token = lastInviteToken(mailer, newcomer.user.email);
    expect((await newcomer.client.post("/api/invites/accept", { token })).status).toBe(200);
    const refused = await errorOf(await owner.client.delete(`/api/team/invites/${sent.invite.id}`));
    expect(refused).toMatchObject({ status: 409, code: "INVITE_NOT_CANCELLABLE" });
  });
});
