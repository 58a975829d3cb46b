import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../lib/api-call.ts";
import * as team from "../../../shared/api/contracts/team.ts";
import { listApplications } from "../../../shared/api/contracts/applications.ts";
import type { MemberRole } from "../../../shared/permissions/permissions.ts";
import type { CreateInviteInput, GrantableRole, MemberStatus } from "../../../shared/team/team-schemas.ts";

/** Members and invites, and the designer's member picker (GET /api/team/members?owner=me), all nest under it. */
const TEAM_KEY = resourceKey("/api/team");
/** The applications' roles are part of what a team change alters. */
const APPLICATIONS_KEY = queryKeyOf(listApplications, {});

const memberApplication = (memberId: string, applicationId: string) => ({ params: { memberId, applicationId } });

export const teamApi = {
  members: () => callApi(team.listTeamMembers, {}),
  invites: async () => (await callApi(team.listTeamInvites, {})).invites,
  invite: (input: CreateInviteInput) => callApi(team.createTeamInvite, { body: input }),
  resend: (inviteId: string) => callApi(team.resendTeamInvite, { params: { id: inviteId } }),
  cancelInvite: (inviteId: string) => callApi(team.cancelTeamInvite, { params: { id: inviteId } }),
  changeRole: (memberId: string, applicationId: string, role: MemberRole) =>
    callApi(team.changeTeamMemberRole, { ...memberApplication(memberId, applicationId), body: { role } }),
  remove: (memberId: string, applicationId: string) =>
    callApi(team.removeTeamMemberFromApplication, memberApplication(memberId, applicationId)),
  addToApplication: (memberId: string, applicationId: string, role: GrantableRole) =>
    callApi(team.addTeamMemberToApplication, { params: { memberId }, body: { applicationId, role } }),
  setStatus: (memberId: string, status: MemberStatus) =>
    callApi(team.setTeamMemberStatus, { params: { memberId }, body: { status } }),
};

export function useTeamMembers() {
  return useQuery({ queryKey: queryKeyOf(team.listTeamMembers, {}), queryFn: teamApi.members });
}

export function useTeamInvites() {
  return useQuery({ queryKey: queryKeyOf(team.listTeamInvites, {}), queryFn: teamApi.invites });
}

/** Wraps a team change so members, invites and the applications' roles are re-read afterwards. */
export function useTeamMutation<Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => run(...args),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
      ]),
  });
}
