import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import {
  addToApplicationSchema,
  changeRoleSchema,
  createInviteSchema,
  memberStatusSchema,
} from "../../team/team-schemas.ts";
import {
  inviteListSchema,
  memberRoleResponseSchema,
  memberStatusResponseSchema,
  sentInviteSchema,
  teamMembersSchema,
} from "../../team/team-response-schemas.ts";

const TAG = "Team";
/** Who manages a team is decided per member and application (server/policies/member-access.ts), behind `signedIn`. */
const MANAGERS = "Owners, and invited administrators for the applications they administer; sessions only.";
const MEMBER_RULES = ["MEMBER_NOT_FOUND", "TEAM_MANAGE_FORBIDDEN", "ROLE_CHANGE_FORBIDDEN"] as const;

export const listTeamMembers = defineRoute({
  operationId: "listTeamMembers",
  method: "get",
  path: "/api/team/members",
  tag: TAG,
  summary: "The teams the caller manages: members with their roles per application, and the caller's seats",
  description: `${MANAGERS} \`applicationId\` narrows to one application; \`owner=me\` to the caller's own team.`,
  policy: "signedIn",
  token: false,
  query: z.object({ applicationId: z.string().optional(), owner: z.string().optional() }),
  response: teamMembersSchema,
  errors: ["APPLICATION_NOT_FOUND"],
});

export const setTeamMemberStatus = defineRoute({
  operationId: "setTeamMemberStatus",
  method: "patch",
  path: "/api/team/members/:memberId",
  tag: TAG,
  summary: "Activate or deactivate a member of the caller's team (a deactivated member loses access at once)",
  description: "The team's owner only.",
  policy: "signedIn",
  token: false,
  body: memberStatusSchema,
  response: memberStatusResponseSchema,
  errors: ["MEMBER_NOT_FOUND", "MEMBER_STATUS_FORBIDDEN"],
});

export const addTeamMemberToApplication = defineRoute({
  operationId: "addTeamMemberToApplication",
  method: "post",
  path: "/api/team/members/:memberId/applications",
  tag: TAG,
  summary: "Give a member a role in another application",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  body: addToApplicationSchema,
  response: memberRoleResponseSchema,
  status: 201,
  errors: [...MEMBER_RULES, "APPLICATION_NOT_FOUND", "ALREADY_MEMBER"],
});

export const changeTeamMemberRole = defineRoute({
  operationId: "changeTeamMemberRole",
  method: "patch",
  path: "/api/team/members/:memberId/applications/:applicationId",
  tag: TAG,
  summary: "Change a member's role in an application",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  body: changeRoleSchema,
  response: memberRoleResponseSchema,
  errors: [...MEMBER_RULES, "APPLICATION_NOT_FOUND"],
});

export const removeTeamMemberFromApplication = defineRoute({
  operationId: "removeTeamMemberFromApplication",
  method: "delete",
  path: "/api/team/members/:memberId/applications/:applicationId",
  tag: TAG,
  summary: "Remove a member from an application",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  status: 204,
  errors: [...MEMBER_RULES, "APPLICATION_NOT_FOUND"],
});

export const listTeamInvites = defineRoute({
  operationId: "listTeamInvites",
  method: "get",
  path: "/api/team/invites",
  tag: TAG,
  summary: "The invites of the teams the caller manages, newest first",
  description: MANAGERS,
  policy: "signedIn",
  token: false,
  response: inviteListSchema,
  errors: [],
});

export const createTeamInvite = defineRoute({
  operationId: "createTeamInvite",
  method: "post",
  path: "/api/team/invites",
  tag: TAG,
  summary: "Invite someone by e-mail to roles in applications (within the plan's team limit)",
  description: `${MANAGERS} When the e-mail cannot be sent the invite stands and the answer holds its link.`,
  policy: "signedIn",
  token: false,
  body: createInviteSchema,
  response: sentInviteSchema,
  status: 201,
  errors: [
    "APPLICATION_NOT_FOUND",
    "TEAM_MANAGE_FORBIDDEN",
    "ROLE_CHANGE_FORBIDDEN",
    "INVITE_EXISTS",
    "ALREADY_MEMBER",
    "TEAM_MEMBER_LIMIT_REACHED",
  ],
});

export const resendTeamInvite = defineRoute({
  operationId: "resendTeamInvite",
  method: "post",
  path: "/api/team/invites/:id/resend",
  tag: TAG,
  summary: "Send a pending or expired invite again with a new link (the old one stops working)",
  description: `${MANAGERS} At most one resend a minute and five a day per invite (429 INVITE_RATE_LIMITED).`,
  policy: "signedIn",
  token: false,
  response: sentInviteSchema,
  status: 201,
  errors: ["NOT_FOUND", "TEAM_MANAGE_FORBIDDEN", "INVITE_RATE_LIMITED"],
});

export const cancelTeamInvite = defineRoute({
  operationId: "cancelTeamInvite",
  method: "delete",
  path: "/api/team/invites/:id",
  tag: TAG,
  summary: "Cancel a pending or expired invite: its link stops working and its seat is freed",
  description: "The team's owner and whoever sent the invite, while they manage the applications it grants.",
  policy: "signedIn",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const teamContracts = [
  listTeamMembers,
  setTeamMemberStatus,
  addTeamMemberToApplication,
  changeTeamMemberRole,
  removeTeamMemberFromApplication,
  listTeamInvites,
  createTeamInvite,
  resendTeamInvite,
  cancelTeamInvite,
];
