import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentInviteValidation } from "../../presenters/invite-presenter.ts";
import { acceptInvite, checkInvite } from "../../services/team/accept-invite.ts";
import { signUpInvitee } from "../../services/team/invite-sign-up.ts";
import { withWebhooks } from "../../services/webhooks/webhook-emitter.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { REGISTER_RATE_LIMIT } from "../account/account.ts";
import * as contracts from "../../../shared/api/contracts/invites.ts";
import type { AcceptedInvite } from "../../../shared/team/team-dtos.ts";

/**
 * The invitee's side (spec 000 §2 accept invite): check a token without an account, make the invitee's account
 * (the only way besides /api/account/register), accept it signed in.
 */
export function inviteRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.validateInvite, async (c, { query }) => {
    return c.json(presentInviteValidation(await checkInvite(db, query.token)));
  });

  const rateLimits = createRateLimitStore(db);
  // Counted before the body is read, so malformed attempts use up the address's budget too.
  app.post(contracts.signUpInvitee.path, async (c, next) => {
    const limit = await rateLimits.consume(
      `invite-sign-up:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
      REGISTER_RATE_LIMIT,
    );
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many registrations, try again later");
    }
    await next();
  });
  mountRoute(app, db, contracts.signUpInvitee, async (c, { body: input }) => {
    const headers = await signUpInvitee(context, input, c.req.raw.headers);
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.body(null, 204);
  });

  mountRoute(app, db, contracts.acceptInvite, async (c, { user, body: { token } }) => {
    const applications = await withWebhooks(context, (webhooks) => acceptInvite(db, user, token, webhooks));
    const body: AcceptedInvite = { accepted: true, applications };
    return c.json(body);
  });

  return app;
}
