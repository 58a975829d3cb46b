import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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

/**
 * One row per owner: the source of truth every limit reads. `status` holds the provider's subscription status
 * (active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused) or `none` for an owner
 * who only has a provider customer. `last_event_at` is the provider time of the newest state applied, so an
 * older event arriving late never overwrites a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull().default("free"),
    billingCycle: text("billing_cycle", { enum: ["monthly", "yearly"] })
      .notNull()
      .default("monthly"),
    status: text("status").notNull().default("active"),
    provider: text("provider").notNull().default("local"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    providerPriceId: text("provider_price_id"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    paymentMethodBrand: text("payment_method_brand"),
    paymentMethodLast4: text("payment_method_last4"),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_provider_customer_idx").on(t.providerCustomerId),
    index("subscriptions_provider_subscription_idx").on(t.providerSubscriptionId),
  ],
);

/** Checkout sessions Campo opened: the success page may only reconcile a session of the signed-in owner. */
export const billingCheckoutSessions = pgTable(
  "billing_checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    tier: text("tier").notNull(),
    billingCycle: text("billing_cycle", { enum: ["monthly", "yearly"] }).notNull(),
    /** open → complete | canceled | expired */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("billing_checkout_sessions_user_idx").on(t.userId)],
);

/** Every provider event applied, by its id: a replayed webhook finds its id here and changes nothing. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  /** The provider's own time for the event. */
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Invoices as the provider reported them (paid or failed), listed under 'Minha assinatura'. */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerInvoiceId: text("provider_invoice_id").notNull().unique(),
    number: text("number"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("brl"),
    /** paid | open | failed | void */
    status: text("status").notNull(),
    hostedUrl: text("hosted_url"),
    pdfUrl: text("pdf_url"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("billing_invoices_user_idx").on(t.userId, t.issuedAt)],
);

/**
 * Records an owner's applications have ever received. The free plan's cap counts these, not the rows that
 * remain, so deleting an application (or its records) never hands out new free records. `storage_bytes` is what
 * the owner's records store now (owner_media's sizes added up, kept by its triggers): it falls when records go.
 */
export const ownerUsage = pgTable("owner_usage", {
  ownerId: uuid("owner_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  recordsCreated: integer("records_created").notNull().default(0),
  storageBytes: bigint("storage_bytes", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
