import type { Auth } from "../../auth/auth.ts";

/**
 * Lets /reset-password say 'invalid link' before the user types (the same lookup better-auth's reset does) and
 * name the account, so the page can sign the user in with the new password (spec 000 §4: success → /profile).
 * Whoever holds the token can set that account's password anyway, so its e-mail tells them nothing more.
 */
export async function resetTokenAccount(auth: Auth, token: string): Promise<{ email: string } | null> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || new Date(verification.expiresAt) <= new Date()) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user ? { email: user.email } : null;
}
