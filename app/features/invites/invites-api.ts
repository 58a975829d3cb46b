import { api } from "../../lib/api-client.ts";
import type { AcceptedInvite, InviteValidation } from "../../../shared/team/team-dtos.ts";

export const invitesApi = {
  validate: (token: string) => api.get<InviteValidation>(`/api/invites/validate?token=${encodeURIComponent(token)}`),
  accept: (token: string) => api.post<AcceptedInvite>("/api/invites/accept", { token }),
  /** Invitees get a plain account (no registration wizard) for the invited e-mail: the invite already says who they work for. */
  signUp: (input: { token: string; name: string; password: string }) => api.post("/api/invites/sign-up", input),
  signIn: (input: { email: string; password: string }) => api.post("/api/auth/sign-in/email", input),
};
