import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import type { MemberRole } from "../../../shared/permissions/permissions.ts";
import type { Invite, SentInvite, TeamMembersResponse } from "../../../shared/team/team-dtos.ts";
import type { CreateInviteInput, GrantableRole, MemberStatus } from "../../../shared/team/team-schemas.ts";

export const TEAM_MEMBERS_KEY = ["team", "members"] as const;
/** The designer's member picker caches the owner's team under this key: team changes refresh it too. */
const PICKER_MEMBERS_KEY = ["team-members"] as const;
export const TEAM_INVITES_KEY = ["team", "invites"] as const;

const memberPath = (memberId: string, applicationId?: string) =>
  `/api/team/members/${encodeURIComponent(memberId)}${applicationId ? `/applications/${encodeURIComponent(applicationId)}` : ""}`;

export const teamApi = {
  members: () => api.get<TeamMembersResponse>("/api/team/members"),
  invites: async () => (await api.get<{ invites: Invite[] }>("/api/team/invites")).invites,
  invite: (input: CreateInviteInput) => api.post<SentInvite>("/api/team/invites", { ...input }),
  resend: (inviteId: string) => api.post<SentInvite>(`/api/team/invites/${encodeURIComponent(inviteId)}/resend`),
  cancelInvite: (inviteId: string) => api.delete<void>(`/api/team/invites/${encodeURIComponent(inviteId)}`),
  changeRole: (memberId: string, applicationId: string, role: MemberRole) =>
    api.patch<unknown>(memberPath(memberId, applicationId), { role }),
  remove: (memberId: string, applicationId: string) => api.delete<void>(memberPath(memberId, applicationId)),
  addToApplication: (memberId: string, applicationId: string, role: GrantableRole) =>
    api.post<unknown>(`${memberPath(memberId)}/applications`, { applicationId, role }),
  setStatus: (memberId: string, status: MemberStatus) => api.patch<unknown>(memberPath(memberId), { status }),
};

export function useTeamMembers() {
  return useQuery({ queryKey: TEAM_MEMBERS_KEY, queryFn: teamApi.members });
}

export function useTeamInvites() {
  return useQuery({ queryKey: TEAM_INVITES_KEY, queryFn: teamApi.invites });
}

/** Wraps a team change so members, invites and the applications' roles are re-read afterwards. */
export function useTeamMutation<Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => run(...args),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_KEY }),
        queryClient.invalidateQueries({ queryKey: TEAM_INVITES_KEY }),
        queryClient.invalidateQueries({ queryKey: PICKER_MEMBERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ["applications"] }),
      ]),
  });
}
