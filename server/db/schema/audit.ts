import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * The change-management log. Written by the service that makes each change, in the same transaction. Names and
 * e-mails are copied in so an entry still reads right after the application or the person is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** The owner of the application (or the account) the change is about: who administers it reads it. */
    ownerId: uuid("owner_id"),
    applicationId: uuid("application_id"),
    applicationName: text("application_name"),
    /** e.g. application.updated, field.updated, member.role_changed, invite.created, plan.changed, record.deleted */
    kind: text("kind").notNull(),
    /** What the change touched (a field id, a record id, an e-mail…). */
    target: text("target"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_application_idx").on(t.applicationId, t.occurredAt),
    index("audit_log_owner_idx").on(t.ownerId, t.occurredAt),
    index("audit_log_occurred_idx").on(t.occurredAt),
  ],
);
