import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../db/client.ts";
import { accounts, sessions, users, verifications } from "../db/schema/index.ts";
import type { Mailer } from "../services/mailer.ts";
import { passwordResetEmail } from "../services/emails/password-reset-email.ts";
import { CLIENT_IP_HEADER } from "../middleware/client-ip.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/accounts/password-rules.ts";
import { logger } from "../lib/logger.ts";
import { findLocale } from "../db/queries/profiles.ts";
import { isUserDisabled } from "../db/queries/admin-users.ts";
import { verificationEmail } from "../services/emails/verification-email.ts";
import { revokeAllApiTokens } from "../db/queries/api-tokens.ts";
import type { PasswordHashing } from "./password-hashing.ts";

/** better-auth's error code for a sign-in refused because a super admin disabled the account (see auth-handler.ts). */
export const ACCOUNT_DISABLED_AUTH_CODE = "ACCOUNT_DISABLED";

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

/** Rate limits on the endpoints an attacker hammers: sign-in and password reset (per client IP). */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
  "/change-password": { window: 60, max: 10 },
} as const;

export function createAuth(deps: {
  db: Db;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  publicUrl: string;
  secret: string;
  trustedOrigins: string[];
  /** better-auth's own scrypt when absent. */
  passwordHashing?: PasswordHashing;
}) {
  return betterAuth({
    appName: "Campo",
    baseURL: deps.publicUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: deps.trustedOrigins,
    database: drizzleAdapter(deps.db, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      password: deps.passwordHashing,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A reset means the password may have leaked: the tokens made with it go too (docs/decisions.md).
      onPasswordReset: async ({ user }) => {
        await revokeAllApiTokens(deps.db, user.id, new Date());
      },
      sendResetPassword: async ({ user, token }) => {
        const locale = await findLocale(deps.db, user.id);
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await deps.mailer.send(passwordResetEmail({ to: user.email, name: user.name, link, locale }));
        } catch (error) {
          logger.error("password reset e-mail failed", { error });
        }
      },
    },
    // Sent only when a super admin asks (the admin panel's "resend verification e-mail"); sign-in never requires it,
    // and the public send-verification-email endpoint is closed (PUBLIC_AUTH_ENDPOINTS in auth-handler.ts).
    emailVerification: {
      sendVerificationEmail: async ({ user, url }) => {
        const locale = await findLocale(deps.db, user.id);
        await deps.mailer.send(verificationEmail({ to: user.email, name: user.name, link: url, locale }));
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (sign-in, sign-up, reset) makes a session here: a disabled account gets none.
          before: async (session) => {
            if (await isUserDisabled(deps.db, session.userId)) {
              throw new APIError("FORBIDDEN", {
                code: ACCOUNT_DISABLED_AUTH_CODE,
                message: "This account has been disabled",
              });
            }
          },
        },
      },
    },
    hooks: {
      // A signed-in password change revokes the API tokens as a reset does (docs/decisions.md).
      after: createAuthMiddleware(async (ctx) => {
        const returned: unknown = ctx.context.returned;
        if (ctx.path !== "/change-password" || isAPIError(returned)) return;
        const userId = ctx.context.session?.user.id;
        if (userId) await revokeAllApiTokens(deps.db, userId, new Date());
      }),
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      // Sliding renewal: any request in the last 6 days of a session extends it, so active users never expire.
      updateAge: 60 * 60 * 24,
    },
    verification: { storeIdentifier: "hashed" },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: AUTH_RATE_LIMITS,
      customStorage: deps.rateLimits,
    },
    advanced: {
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: deps.publicUrl.startsWith("https://"),
      cookiePrefix: "campo",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
