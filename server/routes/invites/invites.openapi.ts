import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import { acceptInviteSchema, inviteAccountSchema, inviteTokenField } from "../../../shared/team/team-schemas.ts";
import { acceptedInviteSchema, inviteValidationSchema } from "../../../shared/team/team-response-schemas.ts";

export const invitesApi = declareRoutes("Invites", [
  {
    method: "get",
    path: "/api/invites/validate",
    summary: "Check an invite link: whether it works (or why not), whom it invites, to which applications",
    query: z.object({ token: inviteTokenField }),
    response: inviteValidationSchema,
    public: true,
  },
  {
    method: "post",
    path: "/api/invites/sign-up",
    summary: "Create the invitee's account from an invite link and sign them in (session cookie)",
    description: "Rate limited per client address.",
    body: inviteAccountSchema,
    status: 204,
    public: true,
  },
  {
    method: "post",
    path: "/api/invites/accept",
    summary: "Accept an invite as the signed-in user: join the owner's team with the invite's roles",
    body: acceptInviteSchema,
    response: acceptedInviteSchema,
  },
]);
