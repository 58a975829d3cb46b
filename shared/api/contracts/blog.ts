import { defineRoute } from "../route-contract.ts";
import { BLOG_COVER_MAX_BYTES } from "../../blog/cover.ts";
import { blogListQuerySchema, blogPostInputSchema, blogPublishSchema } from "../../blog/post-schema.ts";
import {
  blogAdminPostListSchema,
  blogAdminPostResponseSchema,
  blogPostPageSchema,
  blogPostResponseSchema,
} from "../../blog/post-views.ts";
import { blogImageResponseSchema } from "../../blog/body-image.ts";
import { SUPER_ADMINS as EDITORS } from "./audiences.ts";

const TAG = "Blog";
const IMAGES = ["image/webp", "image/jpeg", "image/png"] as const;

/** The cover plus the multipart framing. */
export const MAX_BLOG_COVER_BODY_BYTES = BLOG_COVER_MAX_BYTES + 16 * 1024;
const IMAGE_UPLOAD = {
  bodyMedia: ["multipart/form-data"],
  bodyCap: { maxBytes: MAX_BLOG_COVER_BODY_BYTES, code: "FILE_TOO_LARGE" },
} as const;
const IMAGE_UPLOAD_ERRORS = ["NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED", "INVALID_FILE_TYPE"] as const;

export const listBlogPosts = defineRoute({
  operationId: "listBlogPosts",
  method: "get",
  path: "/api/blog/posts",
  tag: TAG,
  summary: "The published posts of one language, newest first, a page at a time",
  policy: "public",
  token: false,
  query: blogListQuerySchema,
  response: blogPostPageSchema,
  errors: [],
});

export const getBlogPost = defineRoute({
  operationId: "getBlogPost",
  method: "get",
  path: "/api/blog/posts/:slug",
  tag: TAG,
  summary: "One published post as HTML, with its translations (a super admin also previews drafts)",
  policy: "public",
  token: false,
  response: blogPostResponseSchema,
  errors: ["NOT_FOUND"],
});

export const getBlogCover = defineRoute({
  operationId: "getBlogCover",
  method: "get",
  path: "/api/blog/covers/:name",
  tag: TAG,
  summary: "A post's cover image",
  policy: "public",
  token: false,
  media: IMAGES,
  errors: ["NOT_FOUND"],
});

export const getBlogImage = defineRoute({
  operationId: "getBlogImage",
  method: "get",
  path: "/api/blog/images/:postId/:name",
  tag: TAG,
  summary: "An image in a post's body (public with its post)",
  policy: "public",
  token: false,
  media: IMAGES,
  errors: ["NOT_FOUND"],
});

export const listBlogAdminPosts = defineRoute({
  operationId: "listBlogAdminPosts",
  method: "get",
  path: "/api/blog-admin/posts",
  tag: TAG,
  summary: "Every post, drafts and scheduled ones included",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  response: blogAdminPostListSchema,
  errors: [],
});

export const createBlogPost = defineRoute({
  operationId: "createBlogPost",
  method: "post",
  path: "/api/blog-admin/posts",
  tag: TAG,
  summary: "Write a new draft post (Markdown), or a translation of another",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  body: blogPostInputSchema,
  response: blogAdminPostResponseSchema,
  status: 201,
  errors: ["BLOG_SLUG_TAKEN", "BLOG_TRANSLATION_INVALID"],
});

export const getBlogAdminPost = defineRoute({
  operationId: "getBlogAdminPost",
  method: "get",
  path: "/api/blog-admin/posts/:id",
  tag: TAG,
  summary: "One post as the editor shows it",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  response: blogAdminPostResponseSchema,
  errors: ["NOT_FOUND"],
});

export const updateBlogPost = defineRoute({
  operationId: "updateBlogPost",
  method: "put",
  path: "/api/blog-admin/posts/:id",
  tag: TAG,
  summary: "Save a post's title, description, slug, language and Markdown",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  body: blogPostInputSchema,
  response: blogAdminPostResponseSchema,
  errors: ["NOT_FOUND", "BLOG_SLUG_TAKEN", "BLOG_TRANSLATION_INVALID"],
});

export const publishBlogPost = defineRoute({
  operationId: "publishBlogPost",
  method: "post",
  path: "/api/blog-admin/posts/:id/publish",
  tag: TAG,
  summary: "Publish a post now, or schedule it (publishAt)",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  body: blogPublishSchema,
  response: blogAdminPostResponseSchema,
  errors: ["NOT_FOUND"],
});

export const unpublishBlogPost = defineRoute({
  operationId: "unpublishBlogPost",
  method: "post",
  path: "/api/blog-admin/posts/:id/unpublish",
  tag: TAG,
  summary: "Take a post back to draft",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  response: blogAdminPostResponseSchema,
  errors: ["NOT_FOUND"],
});

export const deleteBlogPost = defineRoute({
  operationId: "deleteBlogPost",
  method: "delete",
  path: "/api/blog-admin/posts/:id",
  tag: TAG,
  summary: "Delete a post and its cover",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const addBlogImage = defineRoute({
  operationId: "addBlogImage",
  method: "post",
  path: "/api/blog-admin/posts/:id/images",
  tag: TAG,
  summary: "Upload an image for a post's body (multipart field `image`: JPEG, PNG or WebP); answers its URL",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  ...IMAGE_UPLOAD,
  response: blogImageResponseSchema,
  status: 201,
  errors: IMAGE_UPLOAD_ERRORS,
});

export const setBlogCover = defineRoute({
  operationId: "setBlogCover",
  method: "put",
  path: "/api/blog-admin/posts/:id/cover",
  tag: TAG,
  summary: "Set a post's cover image (multipart field `cover`: JPEG, PNG or WebP)",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  ...IMAGE_UPLOAD,
  response: blogAdminPostResponseSchema,
  errors: IMAGE_UPLOAD_ERRORS,
});

export const removeBlogCover = defineRoute({
  operationId: "removeBlogCover",
  method: "delete",
  path: "/api/blog-admin/posts/:id/cover",
  tag: TAG,
  summary: "Remove a post's cover image",
  description: EDITORS,
  policy: "superAdmin",
  token: false,
  response: blogAdminPostResponseSchema,
  errors: ["NOT_FOUND"],
});

export const blogContracts = [
  listBlogPosts,
  getBlogPost,
  getBlogCover,
  getBlogImage,
  listBlogAdminPosts,
  createBlogPost,
  getBlogAdminPost,
  updateBlogPost,
  publishBlogPost,
  unpublishBlogPost,
  deleteBlogPost,
  addBlogImage,
  setBlogCover,
  removeBlogCover,
];
