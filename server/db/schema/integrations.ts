import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { applications } from "./applications.ts";
import type { ApiTokenScope } from "../../../shared/integrations/api-tokens.ts";
import type { WebhookDisabledReason } from "../../../shared/integrations/webhook-dtos.ts";
import type { WebhookEvent } from "../../../shared/integrations/webhook-events.ts";

/**
 * Personal API tokens. Only the SHA-256 of the secret is stored; `prefix` (the first characters of the token) lets
 * the owner recognise it in the list. A token acts as its user, narrowed to `scopes` (read or write per application).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    scopes: jsonb("scopes").$type<ApiTokenScope[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

/** An application's webhook endpoint. The secret signs deliveries, so it is kept (shown to the admin once). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    secret: text("secret").notNull(),
    /**
     * The administrator the endpoint acts for: its creator, or whoever enabled it last. When they lose admin rights
     * on the application the endpoint is disabled (services/webhooks/endpoint-creators.ts).
     */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while deliveries keep failing; the endpoint is disabled once this is 24 h old. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason").$type<WebhookDisabledReason>(),
  },
  (t) => [index("webhook_endpoints_application_idx").on(t.applicationId)],
);

/**
 * One event for one endpoint, and the log of its attempts. `sequence` orders deliveries that share a `subjectKey`
 * (a record id, or the application id): one is sent only when every earlier one for the same subject is done.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sequence: bigint("sequence", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** An event, or "ping" for the admin's test event. */
    event: text("event").$type<WebhookEvent | "ping">().notNull(),
    subjectKey: text("subject_key").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_subject_idx").on(t.endpointId, t.subjectKey, t.sequence),
  ],
);
