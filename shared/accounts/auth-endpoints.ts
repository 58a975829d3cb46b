/**
 * The better-auth endpoints a browser may call, which are the ones the web uses. Everything else better-auth offers
 * (update-user, change-email, send-verification-email, delete-user, sign-up/email, ...) answers 404: those would write
 * user data around our own rules (the profile's zod schema, registration with terms) or mail anyone's address.
 * Accounts are made by /api/account/register and /api/invites/sign-up, the name is changed by PATCH
 * /api/account/profile, and the verification e-mail is sent only when a super admin asks; they call auth.api on the
 * server, which this list does not affect. Shared because the reference (shared/api/contracts/account.ts) lists them.
 */
export const PUBLIC_AUTH_ENDPOINTS = {
  POST: ["/sign-in/email", "/sign-out", "/request-password-reset", "/reset-password", "/change-password"],
  GET: ["/get-session", "/verify-email"],
} as const satisfies Record<"GET" | "POST", readonly string[]>;
