import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { acceptInviteSchema, inviteAccountSchema, inviteTokenField } from "../../team/team-schemas.ts";
import { acceptedInviteSchema, inviteValidationSchema } from "../../team/team-response-schemas.ts";

const TAG = "Invites";

export const validateInvite = defineRoute({
  operationId: "validateInvite",
  method: "get",
  path: "/api/invites/validate",
  tag: TAG,
  summary: "Check an invite link: whether it works (or why not), whom it invites, to which applications",
  policy: "public",
  token: true,
  query: z.object({ token: inviteTokenField }),
  response: inviteValidationSchema,
  errors: [],
});

export const signUpInvitee = defineRoute({
  operationId: "signUpInvitee",
  method: "post",
  path: "/api/invites/sign-up",
  tag: TAG,
  summary: "Create the invitee's account from an invite link and sign them in (session cookie)",
  description: "Rate limited per client address.",
  policy: "public",
  token: true,
  body: inviteAccountSchema,
  status: 204,
  errors: ["RATE_LIMITED", "INVITE_INVALID", "INVITE_EXPIRED", "EMAIL_ALREADY_REGISTERED", "ALREADY_MEMBER"],
});

export const acceptInvite = defineRoute({
  operationId: "acceptInvite",
  method: "post",
  path: "/api/invites/accept",
  tag: TAG,
  summary: "Accept an invite as the signed-in user: join the owner's team with the invite's roles",
  policy: "signedIn",
  token: false,
  body: acceptInviteSchema,
  response: acceptedInviteSchema,
  errors: ["INVITE_INVALID", "INVITE_EXPIRED", "INVITE_EMAIL_MISMATCH", "ALREADY_MEMBER"],
});

export const inviteContracts = [validateInvite, signUpInvitee, acceptInvite];
