import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Per-user overrides of the plan's limits (custom plans); null means "the plan decides". */
export const userLimits = pgTable("user_limits", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  maxTeamMembers: integer("max_team_members"),
  maxApplications: integer("max_applications"),
  maxSubmissions: integer("max_submissions"),
  storageLimitGb: integer("storage_limit_gb"),
  monthlyPriceCents: integer("monthly_price_cents"),
  isCustomPlan: boolean("is_custom_plan").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable("subscriptions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tier: text("tier").notNull().default("free"),
  billingCycle: text("billing_cycle", { enum: ["monthly", "yearly"] }).notNull().default("monthly"),
  status: text("status").notNull().default("active"),
  provider: text("provider").notNull().default("local"),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
