import type { Auth } from "../../auth/auth.ts";

/** Lets /reset-password say 'invalid link' before the user types: the same lookup better-auth's reset does. */
export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  const verification = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && new Date(verification.expiresAt) > new Date());
}
