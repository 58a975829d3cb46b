import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Blog posts; `status` is draft or published, and a published post with a future `published_at` is scheduled. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    /** pt-BR | en | es */
    language: text("language").notNull().default("pt-BR"),
    /** The post this one translates (pt-BR is the usual original); null for an original. */
    translationOf: uuid("translation_of"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    coverImageKey: text("cover_image_key"),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.status, t.publishedAt),
    index("blog_posts_translation_idx").on(t.translationOf),
  ],
);
