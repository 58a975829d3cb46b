import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { presentProfile } from "../../presenters/profile-presenter.ts";
import { registerAccount } from "../../services/accounts/register-account.ts";
import { editProfile, loadProfile } from "../../services/accounts/profile.ts";
import { deleteAccount } from "../../services/accounts/delete-account.ts";
import { resetTokenAccount } from "../../services/accounts/reset-token.ts";
import { profileUpdateSchema, registrationRequestSchema } from "../../../shared/accounts/registration-schema.ts";
import { deleteAccountSchema } from "../../../shared/accounts/credentials-schemas.ts";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.ts";

/** Same budget as better-auth's own sign-up endpoint (server/auth/auth.ts): 5 per minute per client address. */
export const REGISTER_RATE_LIMIT = { window: 60, max: 5 };
const MAX_RESET_TOKEN_LENGTH = 256;

/** Registration, profile, account deletion and the reset-link check (spec 000 §2–§5, spec 001 §4). */
export function accountRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(context.database.db);

  app.post("/api/account/register", async (c) => {
    const limit = await rateLimits.consume(
      `register:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
      REGISTER_RATE_LIMIT,
    );
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many registrations, try again later");
    }
    const { locale, ...registration } = await readJson(c, registrationRequestSchema);
    const { profile, headers } = await registerAccount(
      context,
      registration,
      locale ?? DEFAULT_LANGUAGE,
      c.req.raw.headers,
    );
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ profile: presentProfile(profile) }, 201);
  });

  app.get("/api/account/profile", async (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json({ profile: presentProfile(await loadProfile(context.database.db, user)) });
  });

  app.patch("/api/account/profile", async (c) => {
    const user = requireUser(c);
    const changes = await readJson(c, profileUpdateSchema);
    return c.json({ profile: presentProfile(await editProfile(context, user, changes)) });
  });

  app.delete("/api/account", async (c) => {
    const user = requireUser(c);
    const { password } = await readJson(c, deleteAccountSchema);
    await deleteAccount(context, user.id, password);
    const cookies = (await context.auth.$context).authCookies;
    deleteCookie(c, cookies.sessionToken.name, cookies.sessionToken.attributes);
    deleteCookie(c, cookies.sessionData.name, cookies.sessionData.attributes);
    return c.body(null, 204);
  });

  app.get("/api/account/reset-token/:token", async (c) => {
    const token = c.req.param("token");
    c.header("Cache-Control", "no-store");
    const account = token.length <= MAX_RESET_TOKEN_LENGTH ? await resetTokenAccount(context.auth, token) : null;
    return c.json(account ? { valid: true, email: account.email } : { valid: false });
  });

  return app;
}
