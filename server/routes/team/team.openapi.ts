import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  addToApplicationSchema,
  changeRoleSchema,
  createInviteSchema,
  memberStatusSchema,
} from "../../../shared/team/team-schemas.ts";
import {
  inviteListSchema,
  memberRoleResponseSchema,
  memberStatusResponseSchema,
  sentInviteSchema,
  teamMembersSchema,
} from "../../../shared/team/team-response-schemas.ts";

const MANAGERS = "Owners, and invited administrators for the applications they administer; sessions only.";

export const teamApi = declareRoutes("Team", [
  {
    method: "get",
    path: "/api/team/members",
    summary: "The teams the caller manages: members with their roles per application, and the caller's seats",
    description: MANAGERS,
    response: teamMembersSchema,
  },
  {
    method: "patch",
    path: "/api/team/members/:memberId",
    summary: "Activate or deactivate a member of the caller's team (a deactivated member loses access at once)",
    description: "The team's owner only.",
    body: memberStatusSchema,
    response: memberStatusResponseSchema,
  },
  {
    method: "post",
    path: "/api/team/members/:memberId/applications",
    summary: "Give a member a role in another application",
    description: MANAGERS,
    body: addToApplicationSchema,
    response: memberRoleResponseSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/team/members/:memberId/applications/:applicationId",
    summary: "Change a member's role in an application",
    description: MANAGERS,
    body: changeRoleSchema,
    response: memberRoleResponseSchema,
  },
  {
    method: "delete",
    path: "/api/team/members/:memberId/applications/:applicationId",
    summary: "Remove a member from an application",
    description: MANAGERS,
    status: 204,
  },
  {
    method: "get",
    path: "/api/team/invites",
    summary: "The invites of the teams the caller manages, newest first",
    description: MANAGERS,
    response: inviteListSchema,
  },
  {
    method: "post",
    path: "/api/team/invites",
    summary: "Invite someone by e-mail to roles in applications (within the plan's team limit)",
    description: `${MANAGERS} When the e-mail cannot be sent the invite stands and the answer holds its link.`,
    body: createInviteSchema,
    response: sentInviteSchema,
    status: 201,
  },
  {
    method: "post",
    path: "/api/team/invites/:id/resend",
    summary: "Send a pending or expired invite again with a new link (the old one stops working)",
    description: `${MANAGERS} At most one resend a minute and five a day per invite (429 INVITE_RATE_LIMITED).`,
    response: sentInviteSchema,
    status: 201,
  },
  {
    method: "delete",
    path: "/api/team/invites/:id",
    summary: "Cancel a pending or expired invite: its link stops working and its seat is freed",
    description: "The team's owner and whoever sent the invite, while they manage the applications it grants.",
    status: 204,
  },
]);
