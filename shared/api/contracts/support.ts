import { z } from "zod";
import { defineRoute } from "../route-contract.ts";
import { MAX_SUPPORT_BODY_BYTES } from "../../contact/support-schema.ts";
import { SUPER_ADMINS } from "./audiences.ts";

export const sendSupportMessage = defineRoute({
  operationId: "sendSupportMessage",
  method: "post",
  path: "/api/support",
  tag: "Support",
  summary: "Send a support message (multipart: the contact form's fields and an optional image)",
  description: "Signed in or not; rate limited per client address. The super admins are e-mailed.",
  policy: "public",
  token: true,
  bodyMedia: ["multipart/form-data"],
  bodyCap: { maxBytes: MAX_SUPPORT_BODY_BYTES, code: "FILE_TOO_LARGE" },
  response: z.object({ id: z.uuid() }),
  status: 201,
  errors: ["RATE_LIMITED", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED", "FILE_TOO_LARGE", "INVALID_FILE_TYPE"],
});

export const getSupportImage = defineRoute({
  operationId: "getSupportImage",
  method: "get",
  path: "/api/support/:id/image",
  tag: "Support",
  summary: "The image attached to a support message",
  description: SUPER_ADMINS,
  policy: "superAdmin",
  token: false,
  media: ["image/png", "image/jpeg", "image/webp"],
  errors: ["NOT_FOUND"],
});

export const supportContracts = [sendSupportMessage, getSupportImage];
