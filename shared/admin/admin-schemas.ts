import { z } from "zod";

/** Paging of every admin list; the search text matches names, e-mails and companies (users) or names (applications). */
export const ADMIN_DEFAULT_PAGE_SIZE = 20;
export const ADMIN_SEARCH_MAX = 200;

export const adminListQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(ADMIN_DEFAULT_PAGE_SIZE),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The most a custom limit may be; larger figures are typos, and PostgreSQL's integer would overflow anyway. */
export const CUSTOM_LIMIT_MAX = 1_000_000;
export const CUSTOM_PRICE_MAX_CENTS = 100_000_000;

/**
 * One custom limit: a whole number, or empty (null, or "" from a form field) for "the plan decides". Messages are keys
 * under `limits.validation` in the admin catalog.
 */
function limitValue(max: number) {
  return z.preprocess(
    (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
    z
      .number({ error: "number" })
      .int({ error: "integer" })
      .min(0, { error: "min" })
      .max(max, { error: "max" })
      .nullable(),
  );
}

/** user_limits as a super admin edits it (spec 000 §3): each empty value leaves the plan's own limit. */
export const userLimitsSchema = z.object({
  maxTeamMembers: limitValue(CUSTOM_LIMIT_MAX),
  maxApplications: limitValue(CUSTOM_LIMIT_MAX),
  maxSubmissions: limitValue(CUSTOM_LIMIT_MAX),
  storageLimitGb: limitValue(CUSTOM_LIMIT_MAX),
  monthlyPriceCents: limitValue(CUSTOM_PRICE_MAX_CENTS),
  isCustomPlan: z.boolean(),
});
export type UserLimitsInput = z.infer<typeof userLimitsSchema>;
/** What the limits form holds before the schema turns "" into null. */
export type UserLimitsFormValues = z.input<typeof userLimitsSchema>;

export const accountStatusSchema = z.object({ disabled: z.boolean() });

export const MESSAGE_KINDS = ["contact", "support"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATUSES = ["new", "answered", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const adminMessagesQuerySchema = adminListQuerySchema.extend({
  status: z.enum(MESSAGE_STATUSES).optional(),
});
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

export const MESSAGE_REPLY_MAX = 5000;

/** A reply from the inbox; the message key is under `messages.validation` in the admin catalog. */
export const messageReplySchema = z.object({
  body: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(MESSAGE_REPLY_MAX, { error: "max" }),
});
export type MessageReplyInput = z.infer<typeof messageReplySchema>;

export const messageStatusChangeSchema = z.object({ status: z.enum(MESSAGE_STATUSES) });
