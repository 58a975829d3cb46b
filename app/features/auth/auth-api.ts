import { api } from "../../lib/api-client.ts";
import { fetchMe } from "../../lib/me.ts";
import type { LoginInput, RecoverInput } from "../../../shared/accounts/credentials-schemas.ts";
import type { Registration } from "../../../shared/accounts/registration-schema.ts";

/** The calls of the /auth and /reset-password screens (better-auth under /api/auth, the rest under /api/account). */
export const authApi = {
  signIn: (input: LoginInput) => api.post("/api/auth/sign-in/email", input),
  register: (input: Registration, locale: string) => api.post("/api/account/register", { ...input, locale }),
  requestReset: (input: RecoverInput) =>
    api.post("/api/auth/request-password-reset", {
      email: input.email,
      redirectTo: `${window.location.origin}/reset-password`,
    }),
  /** The account a reset link is for, or null when the link is unknown or expired. */
  resetTokenAccount: async (token: string) => {
    const answer = await api.get<{ valid: boolean; email?: string }>(
      `/api/account/reset-token/${encodeURIComponent(token)}`,
    );
    return answer.valid && answer.email ? { email: answer.email } : null;
  },
  resetPassword: (token: string, newPassword: string) => api.post("/api/auth/reset-password", { token, newPassword }),
  /** Whether the server recognises the cookie session (the post-login hand-off of spec 000 §2). */
  hasServerSession: async () => {
    try {
      return (await fetchMe()) !== null;
    } catch {
      return false;
    }
  },
};
