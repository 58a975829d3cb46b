import { z } from "zod";
import { declareRoutes } from "../../openapi/route-declaration.ts";
import {
  accountStatusSchema,
  adminListQuerySchema,
  adminMessagesQuerySchema,
  MESSAGE_KINDS,
  messageReplySchema,
  messageStatusChangeSchema,
  userLimitsSchema,
} from "../../../shared/admin/admin-schemas.ts";
import {
  adminApplicationPageSchema,
  adminMessageDetailSchema,
  adminMessagePageSchema,
  adminRevenueSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
} from "../../../shared/admin/admin-response-schemas.ts";

const SUPER_ADMINS = "Super admins only (SUPER_ADMIN_EMAILS), with a session.";
const message = z.object({ kind: z.enum(MESSAGE_KINDS), id: z.uuid() });

export const adminApi = declareRoutes("Admin", [
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Page through every user with plan and usage, searchable by name, e-mail or company",
    description: SUPER_ADMINS,
    query: adminListQuerySchema,
    response: adminUserPageSchema,
  },
  {
    method: "get",
    path: "/api/admin/users/:id",
    summary: "One user: subscription, custom limits, the limits in force and their applications",
    description: SUPER_ADMINS,
    response: adminUserDetailSchema,
  },
  {
    method: "put",
    path: "/api/admin/users/:id/limits",
    summary: "Set a user's custom plan and limits (null leaves the plan's)",
    description: SUPER_ADMINS,
    body: userLimitsSchema,
    response: adminUserDetailSchema,
  },
  {
    method: "patch",
    path: "/api/admin/users/:id/status",
    summary: "Disable a user (their sessions and API tokens stop at once) or enable them again",
    description: SUPER_ADMINS,
    body: accountStatusSchema,
    response: adminUserDetailSchema,
  },
  {
    method: "post",
    path: "/api/admin/users/:id/verification-email",
    summary: "Send the user an e-mail address verification link",
    description: SUPER_ADMINS,
    status: 204,
  },
  {
    method: "post",
    path: "/api/admin/users/:id/password-reset",
    summary: "Send the user a password reset link",
    description: SUPER_ADMINS,
    status: 204,
  },
  {
    method: "get",
    path: "/api/admin/applications",
    summary: "Page through every application with its owner, fields and records",
    description: SUPER_ADMINS,
    query: adminListQuerySchema,
    response: adminApplicationPageSchema,
  },
  {
    method: "get",
    path: "/api/admin/revenue",
    summary: "Monthly recurring revenue by plan, active and past-due subscriptions",
    description: SUPER_ADMINS,
    response: adminRevenueSchema,
  },
  {
    method: "get",
    path: "/api/admin/messages",
    summary: "Page through contact and support messages, newest first, by kind and status",
    description: SUPER_ADMINS,
    query: adminMessagesQuerySchema,
    response: adminMessagePageSchema,
  },
  {
    method: "get",
    path: "/api/admin/messages/:kind/:id",
    summary: "One message with its replies",
    description: SUPER_ADMINS,
    params: message,
    response: adminMessageDetailSchema,
  },
  {
    method: "patch",
    path: "/api/admin/messages/:kind/:id",
    summary: "Mark a message new, answered or archived",
    description: SUPER_ADMINS,
    params: message,
    body: messageStatusChangeSchema,
    response: adminMessageDetailSchema,
  },
  {
    method: "post",
    path: "/api/admin/messages/:kind/:id/replies",
    summary: "Reply to a message by e-mail; the reply joins its thread",
    description: SUPER_ADMINS,
    params: message,
    body: messageReplySchema,
    response: adminMessageDetailSchema,
    status: 201,
  },
]);
