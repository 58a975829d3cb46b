import { and, count, desc, eq, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { blogPosts } from "../schema/index.ts";

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type BlogPostChanges = Partial<Omit<NewBlogPost, "id" | "createdAt">>;

/** Public: published with a date that has come. */
function isPublic(now: Date): SQL {
  return and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, now))!;
}

/**
 * The posts a reader in `language` sees: those written in it, plus pt-BR posts that have no public translation in it
 * (pt-BR is the fallback: a translation replaces its original, an untranslated original shows as it is).
 */
function visibleIn(language: string, now: Date): SQL {
  if (language === "pt-BR") return and(isPublic(now), eq(blogPosts.language, "pt-BR"))!;
  const translated = sql`exists (select 1 from blog_posts t where t.translation_of = ${blogPosts.id}
    and t.language = ${language} and t.status = 'published' and t.published_at <= ${now.toISOString()}::timestamptz)`;
  return and(
    isPublic(now),
    or(eq(blogPosts.language, language), and(eq(blogPosts.language, "pt-BR"), sql`not ${translated}`)),
  )!;
}

export async function listPublicBlogPosts(
  db: Db,
  options: { language: string; now: Date; limit: number; offset: number },
): Promise<{ rows: BlogPostRow[]; total: number }> {
  const where = visibleIn(options.language, options.now);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Every public post, for the sitemap: the path and the last change. */
export async function listPublicBlogSlugs(db: Db, now: Date): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(desc(blogPosts.publishedAt));
}

export async function findBlogPostBySlug(db: Db, slug: string): Promise<BlogPostRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row ?? null;
}

export async function findBlogPostById(db: Db, id: string): Promise<BlogPostRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

export async function findBlogPostByCoverKey(db: Db, key: string): Promise<BlogPostRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.coverImageKey, key));
  return row ?? null;
}

/** The public posts of the same family (the original and its translations), for the language links of a post. */
export async function listPublicTranslations(
  db: Db,
  post: Pick<BlogPostRow, "id" | "translationOf">,
  now: Date,
): Promise<{ language: string; slug: string }[]> {
  const originalId = post.translationOf ?? post.id;
  return db
    .select({ language: blogPosts.language, slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        isPublic(now),
        ne(blogPosts.id, post.id),
        or(eq(blogPosts.id, originalId), eq(blogPosts.translationOf, originalId)),
      ),
    );
}

/** The admin's list: every post, newest change first. */
export async function listAllBlogPosts(db: Db): Promise<BlogPostRow[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), exceptId ? ne(blogPosts.id, exceptId) : undefined));
  return Boolean(row);
}

/** Originals only: a translation points at an original, never at another translation. */
export async function isOriginalPost(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.translationOf)));
  return Boolean(row);
}

export async function insertBlogPost(db: Db, post: NewBlogPost): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(post).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateBlogPost(db: Db, id: string, changes: BlogPostChanges): Promise<BlogPostRow | null> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBlogPost(db: Db, id: string): Promise<BlogPostRow | null> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row ?? null;
}

/** Translations outlive their original as originals of their own (the column has no foreign key to cascade). */
export async function detachTranslations(db: Db, originalId: string): Promise<void> {
  await db.update(blogPosts).set({ translationOf: null }).where(eq(blogPosts.translationOf, originalId));
}
