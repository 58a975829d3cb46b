import { callApi } from "../../lib/api-call.ts";
import { callAuth } from "../../lib/better-auth.ts";
import { acceptInvite, signUpInvitee, validateInvite } from "../../../shared/api/contracts/invites.ts";

export const invitesApi = {
  validate: (token: string) => callApi(validateInvite, { query: { token } }),
  accept: (token: string) => callApi(acceptInvite, { body: { token } }),
  /** Invitees get a plain account (no registration wizard) for the invited e-mail: the invite already says who they work for. */
  signUp: (input: { token: string; name: string; password: string }) => callApi(signUpInvitee, { body: input }),
  signIn: (input: { email: string; password: string }) => callAuth("/sign-in/email", input),
};
