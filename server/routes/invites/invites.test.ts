import { createHash } from "node:crypto";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { applicationMembers, invites, teamMembers } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import {
  errorOf,
  invite,
  lastInviteToken,
  recordingMailer,
  tokenOf,
} from "../../test-support/fixtures/team-fixtures.ts";
import type { Invite, InviteValidation } from "../../../shared/team/team-dtos.ts";

describe("invites: create, e-mail, validate, accept", () => {
  const mailer = recordingMailer();
  let server: TestServer;
  let owner: HttpClient;
  let ownerUser: { id: string; email: string };
  let appId: string;
  let secondAppId: string;
  let n = 0;
  const nextEmail = () => `invitee-${++n}@campo.test`;
  const db = () => server.context.database.db;

  beforeAll(async () => {
    // SMTP_URL only marks delivery as configured: the recording mailer stands in for the SMTP server.
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SMTP_URL: "smtp://127.0.0.1:9" }, mailer });
    owner = server.client();
    ownerUser = await signUpAs(owner, "owner-invites@campo.test");
    await db().execute(
      sql`insert into subscriptions (user_id, tier, status) values (${ownerUser.id}, 'custom', 'active')`,
    );
    appId = (await createApplicationVia(owner, applicationForm("Levantamento de Solo"))).application.id;
    secondAppId = (await createApplicationVia(owner, applicationForm("Inventário Florestal"))).application.id;
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    mailer.failing = false;
  });

  const validate = async (token: string) =>
    (await (
      await server.client().get(`/api/invites/validate?token=${encodeURIComponent(token)}`)
    ).json()) as InviteValidation;
  const listInvites = async () =>
    ((await (await owner.get("/api/team/invites")).json()) as { invites: Invite[] }).invites;

  it("e-mails a link with a 256-bit token, stores only its SHA-256 and expires in 7 days", async () => {
    const email = nextEmail();
    const sent = await invite(owner, {
      name: "Ana Campos",
      email,
      grants: [{ applicationId: appId, role: "collaborator" }],
    });
    expect(sent.emailSent).toBe(true);
    expect(sent.link).toBeUndefined();
    expect(sent.invite).toMatchObject({
      email,
      name: "Ana Campos",
      status: "pending",
      applications: [{ id: appId, name: "Levantamento de Solo", role: "collaborator" }],
    });
    expect(Object.keys(sent.invite).sort()).toEqual([
      "acceptedAt",
      "applications",
      "email",
      "expiresAt",
      "id",
      "name",
      "sentAt",
      "status",
    ]);

    const message = mailer.sent.at(-1)!;
    expect(message).toMatchObject({ to: email, kind: "invite" });
    expect(message.text).toContain(`${server.url}/accept-invite?token=`);
    expect(message.text).toContain("Levantamento de Solo");
    const token = lastInviteToken(mailer, email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const [row] = await db().select().from(invites).where(eq(invites.id, sent.invite.id));
    assert(row);
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row.expiresAt.getTime() - row.sentAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
  });

  it("validates a pending token without a session: invite data, no account yet, not a member", async () => {
    const email = nextEmail();
    await invite(owner, {
      name: "Bruno",
      email,
      grants: [
        { applicationId: appId, role: "admin_invited" },
        { applicationId: secondAppId, role: "collaborator" },
      ],
    });
    expect(await validate(lastInviteToken(mailer, email))).toEqual({
      isValid: true,
      reason: null,
      invite: {
        email,
        name: "Bruno",
        ownerName: "owner-invites",
        applications: [
          { id: appId, name: "Levantamento de Solo", role: "admin_invited" },
          { id: secondAppId, name: "Inventário Florestal", role: "collaborator" },
        ],
      },
      hasAccount: false,
      isMember: false,
    });
  });

  it("refuses a second invite to a pending e-mail and to an active member, with the spec's message", async () => {
    const email = nextEmail();
    await invite(owner, { name: "Carla", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    const again = await errorOf(
      await owner.post("/api/team/invites", {
        name: "Carla",
        email: email.toUpperCase(),
        grants: [{ applicationId: secondAppId, role: "collaborator" }],
      }),
    );
    expect(again).toEqual({
      status: 409,
      code: "INVITE_EXISTS",
      message: "An active member or pending invite already exists for this email",
    });

    const invitee = server.client();
    await signUpAs(invitee, email);
    expect((await invitee.post("/api/invites/accept", { token: lastInviteToken(mailer, email) })).status).toBe(200);
    const member = await errorOf(
      await owner.post("/api/team/invites", {
        name: "Carla",
        email,
        grants: [{ applicationId: secondAppId, role: "collaborator" }],
      }),
    );
    expect(member.code).toBe("INVITE_EXISTS");
  });

  it("keeps the invite when the e-mail fails and hands the link back", async () => {
    mailer.failing = true;
    const email = nextEmail();
    const sent = await invite(owner, { name: "Davi", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    expect(sent.emailSent).toBe(false);
    expect(sent.link).toMatch(new RegExp(`^${server.url}/accept-invite\\?token=`));
    expect((await listInvites()).find((i) => i.id === sent.invite.id)?.status).toBe("pending");
    expect((await validate(tokenOf(sent.link!))).isValid).toBe(true);
  });

  it("accepts: links the team member to the user, grants each role, marks the invite accepted", async () => {
    const email = nextEmail();
    const sent = await invite(owner, {
      name: "Eva",
      email,
      grants: [
        { applicationId: appId, role: "collaborator" },
        { applicationId: secondAppId, role: "admin_invited" },
      ],
    });
    const token = lastInviteToken(mailer, email);
    const invitee = server.client();
    const user = await signUpAs(invitee, email);
    expect((await validate(token)).hasAccount).toBe(true);

    const accepted = await invitee.post("/api/invites/accept", { token });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({
      accepted: true,
      applications: [
        { id: appId, name: "Levantamento de Solo", role: "collaborator" },
        { id: secondAppId, name: "Inventário Florestal", role: "admin_invited" },
      ],
    });
    const [member] = await db().select().from(teamMembers).where(eq(teamMembers.email, email));
    assert(member);
    expect(member).toMatchObject({ ownerId: ownerUser.id, userId: user.id, name: "Eva", status: "active" });
    const roles = await db()
      .select({ applicationId: applicationMembers.applicationId, role: applicationMembers.role })
      .from(applicationMembers)
      .where(eq(applicationMembers.teamMemberId, member.id));
    expect(roles).toHaveLength(2);
    const listed = (await (await invitee.get("/api/applications")).json()) as {
      applications: { id: string; role: string }[];
    };
    expect(listed.applications.map((a) => [a.id, a.role]).sort()).toEqual(
      [
        [appId, "collaborator"],
        [secondAppId, "admin_invited"],
      ].sort(),
    );
    expect((await listInvites()).find((i) => i.id === sent.invite.id)?.status).toBe("accepted");

    // The same link again: already accepted (the page shows already_member), and accepting twice is refused.
    expect(await validate(token)).toMatchObject({ isValid: false, reason: "already_accepted", isMember: true });
    expect(await errorOf(await invitee.post("/api/invites/accept", { token }))).toMatchObject({
      status: 409,
      code: "ALREADY_MEMBER",
      message: "You are already a member of this application.",
    });
  });

  it("accepts only for the invited e-mail and only signed in", async () => {
    const email = nextEmail();
    await invite(owner, { name: "Fabio", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    const token = lastInviteToken(mailer, email);
    expect((await server.client().post("/api/invites/accept", { token })).status).toBe(401);
    const stranger = server.client();
    await signUpAs(stranger, nextEmail());
    expect(await errorOf(await stranger.post("/api/invites/accept", { token }))).toMatchObject({
      status: 403,
      code: "INVITE_EMAIL_MISMATCH",
    });
    expect((await validate(token)).isValid).toBe(true);
  });

  it("answers expired tokens as expired, and a resend gives a fresh token that works", async () => {
    const email = nextEmail();
    const sent = await invite(owner, { name: "Gil", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    const oldToken = lastInviteToken(mailer, email);
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, sent.invite.id));
    expect(await validate(oldToken)).toMatchObject({ isValid: false, reason: "expired", invite: { email } });
    const invitee = server.client();
    await signUpAs(invitee, email);
    expect(await errorOf(await invitee.post("/api/invites/accept", { token: oldToken }))).toMatchObject({
      status: 410,
      code: "INVITE_EXPIRED",
      message: "Invite expired. Request a new one from the administrator.",
    });
    expect((await listInvites()).find((i) => i.id === sent.invite.id)?.status).toBe("expired");

    const resent = await owner.post(`/api/team/invites/${sent.invite.id}/resend`);
    expect(resent.status).toBe(201);
    const fresh = lastInviteToken(mailer, email);
    expect(fresh).not.toBe(oldToken);
    expect((await validate(oldToken)).reason).toBe("invalid");
    const statuses = new Map((await listInvites()).map((i) => [i.id, i.status]));
    expect(statuses.get(sent.invite.id)).toBe("replaced");
    expect((await invitee.post("/api/invites/accept", { token: fresh })).status).toBe(200);
  });

  it("a resend of a pending invite replaces it: the old link becomes invalid", async () => {
    const email = nextEmail();
    const sent = await invite(owner, { name: "Hugo", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    const oldToken = lastInviteToken(mailer, email);
    const resent = (await (await owner.post(`/api/team/invites/${sent.invite.id}/resend`)).json()) as {
      invite: Invite;
      emailSent: boolean;
    };
    expect(resent.emailSent).toBe(true);
    expect(resent.invite.id).not.toBe(sent.invite.id);
    expect(await validate(oldToken)).toEqual({
      isValid: false,
      reason: "invalid",
      invite: null,
      hasAccount: false,
      isMember: false,
    });
    const invitee = server.client();
    await signUpAs(invitee, email);
    expect(await errorOf(await invitee.post("/api/invites/accept", { token: oldToken }))).toMatchObject({
      status: 404,
      code: "INVITE_INVALID",
    });
    // Accepted or replaced invites are not resent.
    expect(await errorOf(await owner.post(`/api/team/invites/${sent.invite.id}/resend`))).toMatchObject({
      status: 409,
      code: "INVITE_NOT_RESENDABLE",
    });
  });

  it("a new invite to an e-mail whose invite lapsed replaces the old one", async () => {
    const email = nextEmail();
    const first = await invite(owner, {
      name: "Iris",
      email,
      grants: [{ applicationId: appId, role: "collaborator" }],
    });
    await db()
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, first.invite.id));
    await invite(owner, { name: "Iris", email, grants: [{ applicationId: secondAppId, role: "collaborator" }] });
    expect((await listInvites()).find((i) => i.id === first.invite.id)?.status).toBe("replaced");
  });

  it("treats forged and malformed tokens as invalid", async () => {
    const forged = Buffer.alloc(32, 7).toString("base64url");
    expect(await validate(forged)).toEqual({
      isValid: false,
      reason: "invalid",
      invite: null,
      hasAccount: false,
      isMember: false,
    });
    expect((await server.client().get("/api/invites/validate")).status).toBe(400);
    const someone = server.client();
    await signUpAs(someone, nextEmail());
    expect(await errorOf(await someone.post("/api/invites/accept", { token: forged }))).toMatchObject({
      status: 404,
      code: "INVITE_INVALID",
      message: "Invalid token. Check the invite link.",
    });
  });

  it("validates the invite body and refuses self-invites and other people's applications", async () => {
    expect((await owner.post("/api/team/invites", { name: "J", email: "bad", grants: [] })).status).toBe(400);
    expect((await owner.post("/api/team/invites", { name: "Jo", email: nextEmail(), grants: [] })).status).toBe(400);
    const self = await errorOf(
      await owner.post("/api/team/invites", {
        name: "Me",
        email: "owner-invites@campo.test",
        grants: [{ applicationId: appId, role: "collaborator" }],
      }),
    );
    expect(self.code).toBe("VALIDATION_FAILED");
    const other = server.client();
    await signUpAs(other, nextEmail());
    const foreign = await other.post("/api/team/invites", {
      name: "Jo",
      email: nextEmail(),
      grants: [{ applicationId: appId, role: "collaborator" }],
    });
    expect(foreign.status).toBe(404);
    expect((await other.post(`/api/team/invites/${(await listInvites())[0]?.id}/resend`)).status).toBe(404);
  });

  it("makes the invitee's account for the invited e-mail only, signed in, and refuses bad tokens and second accounts", async () => {
    const email = nextEmail();
    await invite(owner, { name: "Bia Campos", email, grants: [{ applicationId: appId, role: "collaborator" }] });
    const token = lastInviteToken(mailer, email);
    const invitee = server.client();
    const forged = await invitee.post("/api/invites/sign-up", {
      token: "x".repeat(43),
      name: "Bia Campos",
      password: "secret123",
    });
    expect(await errorOf(forged)).toMatchObject({ status: 404, code: "INVITE_INVALID" });

    const created = await invitee.post("/api/invites/sign-up", { token, name: "Bia Campos", password: "secret123" });
    expect(created.status).toBe(204);
    const me = (await (await invitee.get("/api/me")).json()) as { user: { email: string } };
    expect(me.user.email).toBe(email);
    expect((await invitee.post("/api/invites/accept", { token })).status).toBe(200);

    const again = await server
      .client()
      .post("/api/invites/sign-up", { token, name: "Bia Campos", password: "secret123" });
    expect((await errorOf(again)).status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });
});
