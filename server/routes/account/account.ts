import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentProfile } from "../../presenters/profile-presenter.ts";
import { registerAccount } from "../../services/accounts/register-account.ts";
import { editProfile, loadProfile } from "../../services/accounts/profile.ts";
import { deleteAccount } from "../../services/accounts/delete-account.ts";
import { resetTokenAccount } from "../../services/accounts/reset-token.ts";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.ts";
import * as contracts from "../../../shared/api/contracts/account.ts";

/** Same budget as better-auth's own sign-up endpoint (server/auth/auth.ts): 5 per minute per client address. */
export const REGISTER_RATE_LIMIT = { window: 60, max: 5 };
const MAX_RESET_TOKEN_LENGTH = 256;

/** Registration, profile, account deletion and the reset-link check (spec 000 §2–§5, spec 001 §4). */
export function accountRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(db);

  // Counted before the body is read, so malformed attempts use up the address's budget too.
  app.post(contracts.registerAccount.path, async (c, next) => {
    const limit = await rateLimits.consume(
      `register:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
      REGISTER_RATE_LIMIT,
    );
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many registrations, try again later");
    }
    await next();
  });
  mountRoute(app, db, contracts.registerAccount, async (c, { body }) => {
    const { locale, ...registration } = body;
    const { profile, headers } = await registerAccount(
      context,
      registration,
      locale ?? DEFAULT_LANGUAGE,
      c.req.raw.headers,
    );
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ profile: presentProfile(profile) }, 201);
  });

  mountRoute(app, db, contracts.getProfile, async (c, { user }) => {
    c.header("Cache-Control", "no-store");
    return c.json({ profile: presentProfile(await loadProfile(db, user)) });
  });

  mountRoute(app, db, contracts.updateProfile, async (c, { user, body }) => {
    return c.json({ profile: presentProfile(await editProfile(context, user, body)) });
  });

  mountRoute(app, db, contracts.deleteAccount, async (c, { user, body: { password } }) => {
    await deleteAccount(context, user.id, password);
    const cookies = (await context.auth.$context).authCookies;
    deleteCookie(c, cookies.sessionToken.name, cookies.sessionToken.attributes);
    deleteCookie(c, cookies.sessionData.name, cookies.sessionData.attributes);
    return c.body(null, 204);
  });

  mountRoute(app, db, contracts.checkResetToken, async (c, { params: { token } }) => {
    c.header("Cache-Control", "no-store");
    const account = token.length <= MAX_RESET_TOKEN_LENGTH ? await resetTokenAccount(context.auth, token) : null;
    return c.json(account ? { valid: true, email: account.email } : { valid: false });
  });

  return app;
}
