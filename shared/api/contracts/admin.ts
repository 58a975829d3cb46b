import { defineRoute } from "../route-contract.ts";
import {
  accountStatusSchema,
  adminListQuerySchema,
  adminMessagesQuerySchema,
  messageReplySchema,
  messageStatusChangeSchema,
  userLimitsSchema,
} from "../../admin/admin-schemas.ts";
import {
  adminApplicationPageSchema,
  adminEmailDetailSchema,
  adminEmailPageSchema,
  adminMessageDetailSchema,
  adminMessagePageSchema,
  adminRevenueSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
} from "../../admin/admin-response-schemas.ts";
import { SUPER_ADMINS } from "./audiences.ts";

// Ids are checked by the handler, after authorization: one that is not a uuid names nothing (404).
const TAG = "Admin";
const MESSAGE = `${SUPER_ADMINS} \`kind\` is \`contact\` or \`support\`.`;

export const listAdminUsers = defineRoute({
  operationId: "listAdminUsers",
  method: "get",
  path: "/api/admin/users",
  tag: TAG,
  summary: "Page through every user with plan and usage, searchable by name, e-mail or company",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  query: adminListQuerySchema,
  response: adminUserPageSchema,
  errors: [],
});

export const getAdminUser = defineRoute({
  operationId: "getAdminUser",
  method: "get",
  path: "/api/admin/users/:id",
  tag: TAG,
  summary: "One user: subscription, custom limits, the limits in force and their applications",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  response: adminUserDetailSchema,
  errors: ["NOT_FOUND"],
});

export const setAdminUserLimits = defineRoute({
  operationId: "setAdminUserLimits",
  method: "put",
  path: "/api/admin/users/:id/limits",
  tag: TAG,
  summary: "Set a user's custom plan and limits (null leaves the plan's)",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  body: userLimitsSchema,
  response: adminUserDetailSchema,
  errors: ["NOT_FOUND"],
});

export const setAdminUserStatus = defineRoute({
  operationId: "setAdminUserStatus",
  method: "patch",
  path: "/api/admin/users/:id/status",
  tag: TAG,
  summary: "Disable a user (their sessions and API tokens stop at once) or enable them again",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  body: accountStatusSchema,
  response: adminUserDetailSchema,
  errors: ["NOT_FOUND", "SELF_DISABLE_FORBIDDEN"],
});

export const sendAdminVerificationEmail = defineRoute({
  operationId: "sendAdminVerificationEmail",
  method: "post",
  path: "/api/admin/users/:id/verification-email",
  tag: TAG,
  summary: "Send the user an e-mail address verification link",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  status: 204,
  errors: ["NOT_FOUND", "EMAIL_ALREADY_VERIFIED", "EMAIL_NOT_SENT"],
});

export const sendAdminPasswordReset = defineRoute({
  operationId: "sendAdminPasswordReset",
  method: "post",
  path: "/api/admin/users/:id/password-reset",
  tag: TAG,
  summary: "Send the user a password reset link",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  status: 204,
  errors: ["NOT_FOUND", "EMAIL_NOT_SENT"],
});

export const listAdminApplications = defineRoute({
  operationId: "listAdminApplications",
  method: "get",
  path: "/api/admin/applications",
  tag: TAG,
  summary: "Page through every application with its owner, fields and records",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  query: adminListQuerySchema,
  response: adminApplicationPageSchema,
  errors: [],
});

export const getAdminRevenue = defineRoute({
  operationId: "getAdminRevenue",
  method: "get",
  path: "/api/admin/revenue",
  tag: TAG,
  summary: "Monthly recurring revenue by plan, active and past-due subscriptions",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  response: adminRevenueSchema,
  errors: [],
});

export const listAdminMessages = defineRoute({
  operationId: "listAdminMessages",
  method: "get",
  path: "/api/admin/messages",
  tag: TAG,
  summary: "Page through contact and support messages, newest first, by kind and status",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  query: adminMessagesQuerySchema,
  response: adminMessagePageSchema,
  errors: [],
});

export const getAdminMessage = defineRoute({
  operationId: "getAdminMessage",
  method: "get",
  path: "/api/admin/messages/:kind/:id",
  tag: TAG,
  summary: "One message with its replies",
  description: MESSAGE,
  policy: "superAdmin",
  token: false,
  response: adminMessageDetailSchema,
  errors: ["NOT_FOUND"],
});

export const setAdminMessageStatus = defineRoute({
  operationId: "setAdminMessageStatus",
  method: "patch",
  path: "/api/admin/messages/:kind/:id",
  tag: TAG,
  summary: "Mark a message new, answered or archived",
  description: MESSAGE,
  policy: "superAdmin",
  token: false,
  body: messageStatusChangeSchema,
  response: adminMessageDetailSchema,
  errors: ["NOT_FOUND"],
});

export const replyToAdminMessage = defineRoute({
  operationId: "replyToAdminMessage",
  method: "post",
  path: "/api/admin/messages/:kind/:id/replies",
  tag: TAG,
  summary: "Reply to a message by e-mail; the reply joins its thread",
  description: MESSAGE,
  policy: "superAdmin",
  token: false,
  body: messageReplySchema,
  response: adminMessageDetailSchema,
  status: 201,
  errors: ["NOT_FOUND", "EMAIL_NOT_SENT"],
});

export const listAdminEmails = defineRoute({
  operationId: "listAdminEmails",
  method: "get",
  path: "/api/admin/emails",
  tag: TAG,
  summary: "Page through the e-mails Campo wrote (email_outbox), newest first, searchable by recipient or subject",
  description: `${SUPER_ADMINS} Without SMTP this is where a reset or invite link can be read and passed on.`,
  policy: "superAdmin",
  token: false,
  query: adminListQuerySchema,
  response: adminEmailPageSchema,
  errors: [],
});

export const getAdminEmail = defineRoute({
  operationId: "getAdminEmail",
  method: "get",
  path: "/api/admin/emails/:id",
  tag: TAG,
  summary: "One e-mail whole: text, HTML part (to be shown sandboxed) and delivery status",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  response: adminEmailDetailSchema,
  errors: ["NOT_FOUND"],
});

export const adminContracts = [
  listAdminUsers,
  getAdminUser,
  setAdminUserLimits,
  setAdminUserStatus,
  sendAdminVerificationEmail,
  sendAdminPasswordReset,
  listAdminApplications,
  getAdminRevenue,
  listAdminMessages,
  getAdminMessage,
  setAdminMessageStatus,
  replyToAdminMessage,
  listAdminEmails,
  getAdminEmail,
];
