import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { applications } from "./applications.ts";

/**
 * A public link: anyone holding `token` may read the application's current form and send records to it, without
 * an account. The token is kept in clear (not hashed, unlike API tokens) because the administrator copies the link
 * and its QR code again whenever needed, as ODK Central shows its public links; it grants collection into one form
 * only, never reading. A link is never deleted: `revoked_at` ends it for good, `paused_at` stops it until resumed.
 */
export const publicLinks = pgTable(
  "public_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    name: text("name").notNull(),
    /** Past this instant the link refuses new records. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The most records the link may ever store. */
    maxRecords: integer("max_records"),
    /** One record per device (ODK Central's "single submission"), told apart by a random id the browser keeps. */
    oneRecordPerDevice: boolean("one_record_per_device").notNull().default(false),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("public_links_token_unique").on(t.token),
    index("public_links_application_idx").on(t.applicationId),
  ],
);
