import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../app.ts";
import { requireUser } from "../../auth/session.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import { presentInviteValidation } from "../../presenters/invite-presenter.ts";
import { acceptInvite, checkInvite } from "../../services/team/accept-invite.ts";
import { acceptInviteSchema, inviteTokenField } from "../../../shared/team/team-schemas.ts";
import type { AcceptedInvite } from "../../../shared/team/team-dtos.ts";

/** The invitee's side (spec 000 §2 accept invite): check a token without an account, accept it signed in. */
export function inviteRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  app.get("/api/invites/validate", async (c) => {
    const token = parseWith(inviteTokenField, c.req.query("token") ?? "");
    return c.json(presentInviteValidation(await checkInvite(db, token)));
  });

  app.post("/api/invites/accept", async (c) => {
    const user = requireUser(c);
    const { token } = await readJson(c, acceptInviteSchema);
    const body: AcceptedInvite = { accepted: true, applications: await acceptInvite(db, user, token) };
    return c.json(body);
  });

  return app;
}
