import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listInvitesFor } from "../../db/queries/invites.ts";
import { findApplicationNames } from "../../db/queries/team-members.ts";
import { mountRoute } from "../../http/mount-route.ts";
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
import * as contracts from "../../../shared/api/contracts/team.ts";

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

  mountRoute(app, db, contracts.listTeamMembers, async (c, { user, query }) => {
    const view = await listTeam(db, user, superAdminEmails, {
      applicationId: query.applicationId || undefined,
      ownOnly: query.owner === "me",
    });
    return c.json(presentTeam(view));
  });

  mountRoute(app, db, contracts.setTeamMemberStatus, async (c, { user, params, body: { status } }) => {
    const member = await withWebhooks(context, (webhooks) =>
      setMemberStatus(db, user, params.memberId, status, superAdminEmails, webhooks),
    );
    return c.json({ member: { id: member.id, status: member.status } });
  });

  mountRoute(app, db, contracts.addTeamMemberToApplication, async (c, { user, params, body }) => {
    const { applicationId, role } = body;
    await withWebhooks(context, (webhooks) =>
      addMemberToApplication(db, user, params.memberId, applicationId, role, webhooks),
    );
    return c.json({ applicationId, role }, 201);
  });

  mountRoute(app, db, contracts.changeTeamMemberRole, async (c, { user, params, body: { role } }) => {
    await withWebhooks(context, (webhooks) =>
      changeMemberRole(db, user, params.memberId, params.applicationId, role, webhooks),
    );
    return c.json({ applicationId: params.applicationId, role });
  });

  mountRoute(app, db, contracts.removeTeamMemberFromApplication, async (c, { user, params }) => {
    await withWebhooks(context, (webhooks) =>
      removeMemberFromApplication(db, user, params.memberId, params.applicationId, webhooks),
    );
    return c.body(null, 204);
  });

  mountRoute(app, db, contracts.listTeamInvites, async (c, { user }) => {
    const rows = await listInvitesFor(db, user.id);
    const names = await findApplicationNames(db, [
      ...new Set(rows.flatMap((row) => row.grants.map((grant) => grant.applicationId))),
    ]);
    return c.json({ invites: rows.map((row) => presentInvite(row, names)) });
  });

  mountRoute(app, db, contracts.createTeamInvite, async (c, { user, body }) => {
    return c.json(await sent(await createInvite(context, user, body)), 201);
  });

  mountRoute(app, db, contracts.resendTeamInvite, async (c, { user, params }) => {
    return c.json(await sent(await resendInvite(context, user, params.id)), 201);
  });

  mountRoute(app, db, contracts.cancelTeamInvite, async (c, { user, params }) => {
    await cancelInvite(context, user, params.id);
    return c.body(null, 204);
  });

  return app;
}
