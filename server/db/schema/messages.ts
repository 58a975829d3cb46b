import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * Every e-mail the product sends, delivered or not: the default transport when SMTP_URL is unset. With SMTP a row is
 * `pending` until the delivery job sends it (`sent`) or gives up (`failed`).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["pending", "logged", "sent", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress, t.createdAt)],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  celular: text("celular").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  /** new | answered | archived, set from the admin inbox. */
  status: text("status").notNull().default("new"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const supportMessages = pgTable("support_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  celular: text("celular").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  imageKey: text("image_key"),
  /** new | answered | archived, set from the admin inbox. */
  status: text("status").notNull().default("new"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Replies a super admin sent from the admin inbox, kept as the message's thread. */
export const messageReplies = pgTable(
  "message_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** contact | support: which inbox table `message_id` points into. */
    messageKind: text("message_kind").notNull(),
    messageId: uuid("message_id").notNull(),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    emailOutboxId: uuid("email_outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_replies_message_idx").on(t.messageKind, t.messageId, t.createdAt)],
);
