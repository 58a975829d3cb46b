import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { findBlogPostById, listAllBlogPosts } from "../../db/queries/blog-posts.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readFormImage, readMultipartForm } from "../../lib/multipart-image.ts";
import { mountRoute } from "../../http/mount-route.ts";
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
import type { BlogImageResponse } from "../../../shared/blog/body-image.ts";
import * as contracts from "../../../shared/api/contracts/blog.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is simply no post: 404, not a database error. */
function postId(raw: string): string {
  if (!UUID_PATTERN.test(raw)) throw new ApiError("NOT_FOUND", "No such post");
  return raw;
}

/** /api/blog-admin/*: the blog's editor, for super admins only (each contract's policy). */
export function blogAdminRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = context.database.db;
  const present = (row: Parameters<typeof presentBlogAdminPost>[0]) => ({
    post: presentBlogAdminPost(row, new Date()),
  });

  mountRoute(app, db, contracts.listBlogAdminPosts, async (c) => {
    const now = new Date();
    return c.json({ posts: (await listAllBlogPosts(db)).map((row) => presentBlogAdminPost(row, now)) });
  });

  mountRoute(app, db, contracts.createBlogPost, async (c, { user, body }) => {
    return c.json(present(await createBlogPost(db, user.id, body)), 201);
  });

  mountRoute(app, db, contracts.getBlogAdminPost, async (c, { params }) => {
    const row = await findBlogPostById(db, postId(params.id));
    if (!row) throw new ApiError("NOT_FOUND", "No such post");
    return c.json(present(row));
  });

  mountRoute(app, db, contracts.updateBlogPost, async (c, { params, body }) => {
    return c.json(present(await editBlogPost(db, postId(params.id), body)));
  });

  mountRoute(app, db, contracts.publishBlogPost, async (c, { params, body }) => {
    return c.json(present(await publishBlogPost(db, postId(params.id), body, new Date())));
  });

  mountRoute(app, db, contracts.unpublishBlogPost, async (c, { params }) => {
    return c.json(present(await unpublishBlogPost(db, postId(params.id))));
  });

  mountRoute(app, db, contracts.deleteBlogPost, async (c, { params }) => {
    await removeBlogPost(db, storage, postId(params.id));
    return c.body(null, 204);
  });

  // The body's size is capped before this handler (the contract's bodyCap).
  mountRoute(app, db, contracts.setBlogCover, async (c, { params }) => {
    const id = postId(params.id);
    const image = await readFormImage(await readMultipartForm(c.req.raw), "cover", BLOG_COVER_MAX_BYTES);
    if (!image) throw new ApiError("VALIDATION_FAILED", "No cover image", [{ path: "cover", message: "required" }]);
    return c.json(present(await setBlogCover(db, storage, id, image)));
  });

  // The same cap and checks as the cover.
  mountRoute(app, db, contracts.addBlogImage, async (c, { params }) => {
    const id = postId(params.id);
    const image = await readFormImage(await readMultipartForm(c.req.raw), "image", BLOG_COVER_MAX_BYTES);
    if (!image) throw new ApiError("VALIDATION_FAILED", "No image", [{ path: "image", message: "required" }]);
    const body: BlogImageResponse = { url: await addBlogImage(db, storage, id, image) };
    return c.json(body, 201);
  });

  mountRoute(app, db, contracts.removeBlogCover, async (c, { params }) => {
    return c.json(present(await removeBlogCover(db, storage, postId(params.id))));
  });

  return app;
}
