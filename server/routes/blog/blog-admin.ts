import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { findBlogPostById, listAllBlogPosts } from "../../db/queries/blog-posts.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readFormImage, readMultipartForm } from "../../lib/multipart-image.ts";
import { readJson } from "../../lib/validation.ts";
import { presentBlogAdminPost } from "../../presenters/blog-presenter.ts";
import {
  addBlogImage,
  createBlogPost,
  editBlogPost,
  publishBlogPost,
  removeBlogCover,
  removeBlogPost,
  setBlogCover,
  unpublishBlogPost,
} from "../../services/blog/manage-posts.ts";
import type { Storage } from "../../services/storage/storage.ts";
import { BLOG_COVER_MAX_BYTES } from "../../../shared/blog/cover.ts";
import { blogPostInputSchema, blogPublishSchema } from "../../../shared/blog/post-schema.ts";
import type { BlogImageResponse } from "../../../shared/blog/body-image.ts";

/** The cover plus the multipart framing. */
export const MAX_BLOG_COVER_BODY_BYTES = BLOG_COVER_MAX_BYTES + 16 * 1024;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is simply no post: 404, not a database error. */
function postId(raw: string): string {
  if (!UUID_PATTERN.test(raw)) throw new ApiError("NOT_FOUND", "No such post");
  return raw;
}

/** /api/blog-admin/*: the blog's editor, for super admins only (every handler checks before anything else). */
export function blogAdminRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = context.database.db;
  const present = (row: Parameters<typeof presentBlogAdminPost>[0]) => ({
    post: presentBlogAdminPost(row, new Date()),
  });

  app.get("/api/blog-admin/posts", async (c) => {
    requireSuperAdmin(c);
    const now = new Date();
    return c.json({ posts: (await listAllBlogPosts(db)).map((row) => presentBlogAdminPost(row, now)) });
  });

  app.post("/api/blog-admin/posts", async (c) => {
    const user = requireSuperAdmin(c);
    const input = await readJson(c, blogPostInputSchema);
    return c.json(present(await createBlogPost(db, user.id, input)), 201);
  });

  app.get("/api/blog-admin/posts/:id", async (c) => {
    requireSuperAdmin(c);
    const row = await findBlogPostById(db, postId(c.req.param("id")));
    if (!row) throw new ApiError("NOT_FOUND", "No such post");
    return c.json(present(row));
  });

  app.put("/api/blog-admin/posts/:id", async (c) => {
    requireSuperAdmin(c);
    const id = postId(c.req.param("id"));
    const input = await readJson(c, blogPostInputSchema);
    return c.json(present(await editBlogPost(db, id, input)));
  });

  app.post("/api/blog-admin/posts/:id/publish", async (c) => {
    requireSuperAdmin(c);
    const id = postId(c.req.param("id"));
    const input = await readJson(c, blogPublishSchema);
    return c.json(present(await publishBlogPost(db, id, input, new Date())));
  });

  app.post("/api/blog-admin/posts/:id/unpublish", async (c) => {
    requireSuperAdmin(c);
    return c.json(present(await unpublishBlogPost(db, postId(c.req.param("id")))));
  });

  app.delete("/api/blog-admin/posts/:id", async (c) => {
    requireSuperAdmin(c);
    await removeBlogPost(db, storage, postId(c.req.param("id")));
    return c.body(null, 204);
  });

  // The body's size is capped before this handler (server/routes/body-caps.ts).
  app.put("/api/blog-admin/posts/:id/cover", async (c) => {
    requireSuperAdmin(c);
    const id = postId(c.req.param("id"));
    const image = await readFormImage(await readMultipartForm(c.req.raw), "cover", BLOG_COVER_MAX_BYTES);
    if (!image) throw new ApiError("VALIDATION_FAILED", "No cover image", [{ path: "cover", message: "required" }]);
    return c.json(present(await setBlogCover(db, storage, id, image)));
  });

  // The same cap and checks as the cover (server/routes/body-caps.ts).
  app.post("/api/blog-admin/posts/:id/images", async (c) => {
    requireSuperAdmin(c);
    const id = postId(c.req.param("id"));
    const image = await readFormImage(await readMultipartForm(c.req.raw), "image", BLOG_COVER_MAX_BYTES);
    if (!image) throw new ApiError("VALIDATION_FAILED", "No image", [{ path: "image", message: "required" }]);
    const body: BlogImageResponse = { url: await addBlogImage(db, storage, id, image) };
    return c.json(body, 201);
  });

  app.delete("/api/blog-admin/posts/:id/cover", async (c) => {
    requireSuperAdmin(c);
    return c.json(present(await removeBlogCover(db, storage, postId(c.req.param("id")))));
  });

  return app;
}
