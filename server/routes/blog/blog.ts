import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseWith } from "../../lib/validation.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentBlogPost, presentBlogSummary } from "../../presenters/blog-presenter.ts";
import {
  findReadableCover,
  findReadablePost,
  findReadablePostImages,
  listBlogPage,
  listFeedPosts,
} from "../../services/blog/public-posts.ts";
import { blogImageFolder } from "../../services/blog/manage-posts.ts";
import { renderBlogRss } from "../../services/blog/rss.ts";
import { imageTypeOfKey } from "../../services/storage/image-type.ts";
import type { Storage } from "../../services/storage/storage.ts";
import { BLOG_PAGE_SIZE, blogListQuerySchema } from "../../../shared/blog/post-schema.ts";
import type { BlogPostPage } from "../../../shared/blog/post-views.ts";
import * as contracts from "../../../shared/api/contracts/blog.ts";

const IMAGE_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The public blog: GET /api/blog/posts (a page of public posts in a language, pt-BR filling in), GET
 * /api/blog/posts/:slug (one post; drafts and scheduled posts only for super admins, the admin's preview),
 * GET /api/blog/covers/:name (cover images), GET /api/blog/images/:postId/:name (images in a post's body) and
 * GET /blog/rss.xml.
 */
export function blogRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = context.database.db;

  mountRoute(app, db, contracts.listBlogPosts, async (c, { query }) => {
    const { rows, total } = await listBlogPage(db, query.language, query.page, new Date());
    const body: BlogPostPage = {
      posts: rows.map(presentBlogSummary),
      page: query.page,
      pageSize: BLOG_PAGE_SIZE,
      total,
    };
    return c.json(body);
  });

  mountRoute(app, db, contracts.getBlogPost, async (c, { user, params }) => {
    const now = new Date();
    const found = await findReadablePost(db, params.slug, now, user?.isSuperAdmin ?? false);
    if (!found) throw new ApiError("NOT_FOUND", "No such post");
    return c.json({ post: await presentBlogPost(found.row, found.translations, now) });
  });

  /** An image file of a post the reader may read; public ones are cached for good (names are random, never reused). */
  async function imageResponse(c: Context<AppEnv>, key: string, readable: { isPublic: boolean } | null) {
    const contentType = imageTypeOfKey(key);
    const stream = readable && contentType ? await storage.get(key) : null;
    if (!readable || !stream || !contentType) throw new ApiError("NOT_FOUND", "No such image");
    return c.body(stream, 200, {
      "Content-Type": contentType,
      "Cache-Control": readable.isPublic ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  }

  mountRoute(app, db, contracts.getBlogCover, async (c, { user, params }) => {
    const key = `blog/${params.name}`;
    const superAdmin = user?.isSuperAdmin ?? false;
    const readable = IMAGE_NAME.test(params.name) ? await findReadableCover(db, key, new Date(), superAdmin) : null;
    return imageResponse(c, key, readable);
  });

  mountRoute(app, db, contracts.getBlogImage, async (c, { user, params }) => {
    const { postId, name } = params;
    const readable =
      UUID_PATTERN.test(postId) && IMAGE_NAME.test(name)
        ? await findReadablePostImages(db, postId, new Date(), user?.isSuperAdmin ?? false)
        : null;
    return imageResponse(c, `${blogImageFolder(postId)}/${name}`, readable);
  });

  app.get("/blog/rss.xml", async (c) => {
    const { language } = parseWith(blogListQuerySchema, { language: c.req.query("lang") ?? undefined });
    const rows = await listFeedPosts(db, language, new Date());
    c.header("Cache-Control", "public, max-age=600");
    return c.body(renderBlogRss(context.config.publicUrl, language, rows), 200, {
      "Content-Type": "application/rss+xml; charset=utf-8",
    });
  });

  return app;
}
