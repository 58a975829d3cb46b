import type { AppContext } from "../../context.ts";
import { ApiError } from "../../lib/api-error.ts";
import { checkInvite } from "./accept-invite.ts";

/**
 * The invitee's plain account (spec 000 §5 invite sign-up): only for the e-mail of a pending, unexpired invite,
 * so the public sign-up endpoint stays closed and every other account goes through the registration wizard.
 * Returns better-auth's headers (Set-Cookie signs the new user in); the caller then accepts the invite.
 */
export async function signUpInvitee(
  context: AppContext,
  input: { token: string; name: string; password: string },
  requestHeaders: Headers,
): Promise<Headers> {
  const check = await checkInvite(context.database.db, input.token);
  if (!check.invite || check.reason === "invalid")
    throw new ApiError("INVITE_INVALID", "Invalid token. Check the invite link.");
  if (check.reason === "expired")
    throw new ApiError("INVITE_EXPIRED", "Invite expired. Request a new one from the administrator.");
  if (check.reason !== null) throw new ApiError("ALREADY_MEMBER", "You are already a member of this application.");
  if (check.hasAccount) throw new ApiError("EMAIL_ALREADY_REGISTERED", "This e-mail is already registered");
  const { headers } = await context.auth.api.signUpEmail({
    body: { name: input.name, email: check.invite.email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return headers;
}
