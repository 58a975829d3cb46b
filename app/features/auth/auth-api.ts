import { callApi } from "../../lib/api-call.ts";
import { callAuth } from "../../lib/better-auth.ts";
import { fetchMe } from "../../lib/me.ts";
import { checkResetToken, registerAccount } from "../../../shared/api/contracts/account.ts";
import type { LoginInput, RecoverInput } from "../../../shared/accounts/credentials-schemas.ts";
import type { Registration } from "../../../shared/accounts/registration-schema.ts";

/** The calls of the /auth and /reset-password screens (better-auth's own endpoints, and Campo's account routes). */
export const authApi = {
  signIn: (input: LoginInput) => callAuth("/sign-in/email", input),
  register: (input: Registration, locale: string) => callApi(registerAccount, { body: { ...input, locale } }),
  requestReset: (input: RecoverInput) =>
    callAuth("/request-password-reset", {
      email: input.email,
      redirectTo: `${window.location.origin}/reset-password`,
    }),
  /** The account a reset link is for, or null when the link is unknown or expired. */
  resetTokenAccount: async (token: string) => {
    const answer = await callApi(checkResetToken, { params: { token } });
    return answer.valid && answer.email ? { email: answer.email } : null;
  },
  resetPassword: (token: string, newPassword: string) => callAuth("/reset-password", { token, newPassword }),
  /** Whether the server recognises the cookie session (the post-login hand-off of spec 000 §2). */
  hasServerSession: async () => {
    try {
      return (await fetchMe()) !== null;
    } catch {
      return false;
    }
  },
};
