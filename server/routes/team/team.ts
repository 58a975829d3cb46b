import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { listInvitesFor } from "../../db/queries/invites.ts";
import { findApplicationNames } from "../../db/queries/team-members.ts";
import { readJson } from "../../lib/validation.ts";
import { presentInvite, presentSentInvite } from "../../presenters/invite-presenter.ts";
import { presentTeam } from "../../presenters/team-presenter.ts";
import { listTeam } from "../../services/team/list-team.ts";
import {
  addMemberToApplication,
  changeMemberRole,
  removeMemberFromApplication,
  setMemberStatus,
} from "../../services/team/member-changes.ts";
import { cancelInvite } from "../../services/team/cancel-invite.ts";
import { createInvite, resendInvite, type SendResult } from "../../services/team/send-invite.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import {
  addToApplicationSchema,
  changeRoleSchema,
  createInviteSchema,
  memberStatusSchema,
} from "../../../shared/team/team-schemas.ts";

/** The team page's API (spec 000 §2, §6): members, their roles per application, invites. */
export function teamRoutes(context: AppContext) {
  const db = context.database.db;
  const superAdminEmails = context.config.superAdminEmails;
  const app = new Hono<AppEnv>();

  const sent = async (result: SendResult) =>
    presentSentInvite(
      result,
      await findApplicationNames(
        db,
        result.invite.grants.map((grant) => grant.applicationId),
      ),
    );

  app.get("/api/team/members", async (c) => {
    const user = requireUser(c);
    const view = await listTeam(db, user, superAdminEmails, {
      applicationId: c.req.query("applicationId") || undefined,
      ownOnly: c.req.query("owner") === "me",
    });
    return c.json(presentTeam(view));
  });

  app.patch("/api/team/members/:memberId", async (c) => {
    const user = requireUser(c);
    const { status } = await readJson(c, memberStatusSchema);
    const member = await withWebhooks(context, (webhooks) =>
      setMemberStatus(db, user, c.req.param("memberId"), status, superAdminEmails, webhooks),
    );
    return c.json({ member: { id: member.id, status: member.status } });
  });

  app.post("/api/team/members/:memberId/applications", async (c) => {
    const user = requireUser(c);
    const { applicationId, role } = await readJson(c, addToApplicationSchema);
    await withWebhooks(context, (webhooks) =>
      addMemberToApplication(db, user, c.req.param("memberId"), applicationId, role, webhooks),
    );
    return c.json({ applicationId, role }, 201);
  });

  app.patch("/api/team/members/:memberId/applications/:applicationId", async (c) => {
    const user = requireUser(c);
    const { role } = await readJson(c, changeRoleSchema);
    await withWebhooks(context, (webhooks) =>
      changeMemberRole(db, user, c.req.param("memberId"), c.req.param("applicationId"), role, webhooks),
    );
    return c.json({ applicationId: c.req.param("applicationId"), role });
  });

  app.delete("/api/team/members/:memberId/applications/:applicationId", async (c) => {
    const user = requireUser(c);
    await withWebhooks(context, (webhooks) =>
      removeMemberFromApplication(db, user, c.req.param("memberId"), c.req.param("applicationId"), webhooks),
    );
    return c.body(null, 204);
  });

  app.get("/api/team/invites", async (c) => {
    const user = requireUser(c);
    const rows = await listInvitesFor(db, user.id);
    const names = await findApplicationNames(db, [
      ...new Set(rows.flatMap((row) => row.grants.map((grant) => grant.applicationId))),
    ]);
    return c.json({ invites: rows.map((row) => presentInvite(row, names)) });
  });

  app.post("/api/team/invites", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, createInviteSchema);
    return c.json(await sent(await createInvite(context, user, input)), 201);
  });

  app.post("/api/team/invites/:id/resend", async (c) => {
    const user = requireUser(c);
    return c.json(await sent(await resendInvite(context, user, c.req.param("id"))), 201);
  });

  app.delete("/api/team/invites/:id", async (c) => {
    const user = requireUser(c);
    await cancelInvite(context, user, c.req.param("id"));
    return c.body(null, 204);
  });

  return app;
}
