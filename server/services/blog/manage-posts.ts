import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  deleteBlogPost,
  detachTranslations,
  findBlogPostById,
  insertBlogPost,
  isOriginalPost,
  slugTaken,
  updateBlogPost,
  type BlogPostChanges,
  type BlogPostRow,
} from "../../db/queries/blog-posts.ts";
import { ApiError } from "../../lib/api-error.ts";
import { isUniqueViolation } from "../../db/constraint-violation.ts";
import { IMAGE_EXTENSIONS, type ImageContentType } from "../storage/image-type.ts";
import type { Storage } from "../storage/storage.ts";
import type { BlogPostInput, BlogPublishInput } from "../../../shared/blog/post-schema.ts";
import { BLOG_IMAGE_PATH_PREFIX } from "../../../shared/blog/body-image.ts";

const SLUG_CONSTRAINT = "blog_posts_slug_unique";

function slugTakenError(slug: string): ApiError {
  return new ApiError("BLOG_SLUG_TAKEN", "Slug already in use", { field: "slug", slug });
}

function notFound(): ApiError {
  return new ApiError("NOT_FOUND", "No such post");
}

async function existing(db: Db, id: string): Promise<BlogPostRow> {
  const row = await findBlogPostById(db, id);
  if (!row) throw notFound();
  return row;
}

/** A translation points at an original (not itself, not a translation) in another language. */
async function assertTranslationTarget(db: Db, input: BlogPostInput, selfId?: string): Promise<void> {
  if (!input.translationOf) return;
  const original = await findBlogPostById(db, input.translationOf);
  const valid =
    original &&
    original.id !== selfId &&
    original.language !== input.language &&
    (await isOriginalPost(db, original.id));
  if (!valid) throw new ApiError("BLOG_TRANSLATION_INVALID", "translationOf must be an original in another language");
}

/** The slug is checked first for a clear answer; the unique index settles a race between two saves. */
async function writing<T>(db: Db, slug: string, selfId: string | undefined, write: () => Promise<T>): Promise<T> {
  if (await slugTaken(db, slug, selfId)) throw slugTakenError(slug);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, SLUG_CONSTRAINT)) throw slugTakenError(slug);
    throw error;
  }
}

/** A new post is a draft by the super admin who wrote it. */
export async function createBlogPost(db: Db, authorUserId: string, input: BlogPostInput): Promise<BlogPostRow> {
  await assertTranslationTarget(db, input);
  return writing(db, input.slug, undefined, () =>
    insertBlogPost(db, { ...input, authorUserId, status: "draft", publishedAt: null }),
  );
}

export async function editBlogPost(db: Db, id: string, input: BlogPostInput): Promise<BlogPostRow> {
  await existing(db, id);
  await assertTranslationTarget(db, input, id);
  const row = await writing(db, input.slug, id, () => updateBlogPost(db, id, input));
  if (!row) throw notFound();
  return row;
}

async function change(db: Db, id: string, changes: BlogPostChanges): Promise<BlogPostRow> {
  const row = await updateBlogPost(db, id, changes);
  if (!row) throw notFound();
  return row;
}

/** Without a date the post goes public now; with one it is scheduled (public once the date has come). */
export function publishBlogPost(db: Db, id: string, input: BlogPublishInput, now: Date): Promise<BlogPostRow> {
  return change(db, id, { status: "published", publishedAt: input.publishAt ? new Date(input.publishAt) : now });
}

export function unpublishBlogPost(db: Db, id: string): Promise<BlogPostRow> {
  return change(db, id, { status: "draft", publishedAt: null });
}

/** The row first, then its images: a failed file removal leaves an orphan file, never a post without its image. */
export async function removeBlogPost(db: Db, storage: Storage, id: string): Promise<void> {
  const row = await deleteBlogPost(db, id);
  if (!row) throw notFound();
  await detachTranslations(db, id);
  if (row.coverImageKey) await storage.delete(row.coverImageKey);
  for await (const image of storage.list(blogImageFolder(id))) await storage.delete(image.key);
}

/** The storage folder of a post's body images: the post's id names it, so the image route knows whose it is. */
export function blogImageFolder(postId: string): string {
  return `blog/images/${postId}`;
}

/** Stores an image for a post's body under a new random name and answers the URL its Markdown names. */
export async function addBlogImage(
  db: Db,
  storage: Storage,
  id: string,
  image: { bytes: Uint8Array; contentType: ImageContentType },
): Promise<string> {
  await existing(db, id);
  const name = `${randomUUID()}.${IMAGE_EXTENSIONS[image.contentType]}`;
  await storage.put(`${blogImageFolder(id)}/${name}`, image.bytes, image.contentType);
  return `${BLOG_IMAGE_PATH_PREFIX}${id}/${name}`;
}

/** Each upload gets a new random name, so caches never serve an old cover and a draft's cover cannot be guessed. */
export async function setBlogCover(
  db: Db,
  storage: Storage,
  id: string,
  image: { bytes: Uint8Array; contentType: ImageContentType },
): Promise<BlogPostRow> {
  const before = await existing(db, id);
  const key = `blog/${randomUUID()}.${IMAGE_EXTENSIONS[image.contentType]}`;
  await storage.put(key, image.bytes, image.contentType);
  const row = await updateBlogPost(db, id, { coverImageKey: key }).catch(async (error: unknown) => {
    await storage.delete(key);
    throw error;
  });
  if (!row) {
    await storage.delete(key);
    throw notFound();
  }
  if (before.coverImageKey) await storage.delete(before.coverImageKey);
  return row;
}

export async function removeBlogCover(db: Db, storage: Storage, id: string): Promise<BlogPostRow> {
  const before = await existing(db, id);
  const row = await change(db, id, { coverImageKey: null });
  if (before.coverImageKey) await storage.delete(before.coverImageKey);
  return row;
}
