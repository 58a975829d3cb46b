import type { Db } from "../../db/client.ts";
import {
  findBlogPostByCoverKey,
  findBlogPostById,
  findBlogPostBySlug,
  listPublicBlogPosts,
  listPublicBlogSlugs,
  listPublicTranslations,
  type BlogPostRow,
} from "../../db/queries/blog-posts.ts";
import type { SitemapSource } from "../../routes/site/sitemap.ts";
import { BLOG_PAGE_SIZE, blogStatusOf } from "../../../shared/blog/post-schema.ts";
import { SLUG_PATTERN } from "../../../shared/blog/slug.ts";

export function isPublicPost(row: Pick<BlogPostRow, "status" | "publishedAt">, now: Date): boolean {
  return blogStatusOf(row.status, row.publishedAt, now) === "published";
}

export function listBlogPage(db: Db, language: string, page: number, now: Date) {
  return listPublicBlogPosts(db, { language, now, limit: BLOG_PAGE_SIZE, offset: (page - 1) * BLOG_PAGE_SIZE });
}

const FEED_ITEMS = 50;

/** The newest public posts a feed in `language` carries. */
export async function listFeedPosts(db: Db, language: string, now: Date): Promise<BlogPostRow[]> {
  return (await listPublicBlogPosts(db, { language, now, limit: FEED_ITEMS, offset: 0 })).rows;
}

/**
 * The post at `slug` with its public translations, or null when there is none for this reader: drafts and scheduled
 * posts exist only for super admins (the admin's preview).
 */
export async function findReadablePost(
  db: Db,
  slug: string,
  now: Date,
  isSuperAdmin: boolean,
): Promise<{ row: BlogPostRow; translations: { language: string; slug: string }[] } | null> {
  // No stored slug can fail the pattern, and a hostile one (NUL, lone surrogates) never reaches the database.
  if (!SLUG_PATTERN.test(slug)) return null;
  const row = await findBlogPostBySlug(db, slug);
  if (!row || !(isPublicPost(row, now) || isSuperAdmin)) return null;
  return { row, translations: await listPublicTranslations(db, row, now) };
}

/** A cover is public with its post; a draft's cover only for super admins. */
export async function findReadableCover(
  db: Db,
  key: string,
  now: Date,
  isSuperAdmin: boolean,
): Promise<{ isPublic: boolean } | null> {
  return readableWithPost(await findBlogPostByCoverKey(db, key), now, isSuperAdmin);
}

/** A body image is public with its post, as a cover is; a draft's images only for super admins. */
export async function findReadablePostImages(
  db: Db,
  postId: string,
  now: Date,
  isSuperAdmin: boolean,
): Promise<{ isPublic: boolean } | null> {
  return readableWithPost(await findBlogPostById(db, postId), now, isSuperAdmin);
}

function readableWithPost(row: BlogPostRow | null, now: Date, isSuperAdmin: boolean): { isPublic: boolean } | null {
  if (!row) return null;
  const isPublic = isPublicPost(row, now);
  return isPublic || isSuperAdmin ? { isPublic } : null;
}

/** The blog index and every public post, for /sitemap.xml. */
export function blogSitemapSource(db: Db): SitemapSource {
  return async () => [
    { path: "/blog" },
    ...(await listPublicBlogSlugs(db, new Date())).map(({ slug, updatedAt }) => ({
      path: `/blog/${slug}`,
      lastModified: updatedAt,
    })),
  ];
}
