import { api } from "../../lib/api-client.ts";
import type { AcceptedInvite, InviteValidation } from "../../../shared/team/team-dtos.ts";

export const invitesApi = {
  validate: (token: string) => api.get<InviteValidation>(`/api/invites/validate?token=${encodeURIComponent(token)}`),
  accept: (token: string) => api.post<AcceptedInvite>("/api/invites/accept", { token }),
  /** Invitees get a plain account (no registration wizard): the invite already says who they work for. */
  signUp: (input: { email: string; name: string; password: string }) => api.post("/api/auth/sign-up/email", input),
  signIn: (input: { email: string; password: string }) => api.post("/api/auth/sign-in/email", input),
};
