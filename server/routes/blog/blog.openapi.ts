import { declareRoutes } from "../../openapi/route-declaration.ts";
import { blogListQuerySchema, blogPostInputSchema, blogPublishSchema } from "../../../shared/blog/post-schema.ts";
import {
  blogAdminPostListSchema,
  blogAdminPostResponseSchema,
  blogPostPageSchema,
  blogPostResponseSchema,
} from "../../../shared/blog/post-views.ts";
import { blogImageResponseSchema } from "../../../shared/blog/body-image.ts";

const EDITORS = "Super admins only, with a session.";

export const blogApi = declareRoutes("Blog", [
  {
    method: "get",
    path: "/api/blog/posts",
    summary: "The published posts of one language, newest first, a page at a time",
    query: blogListQuerySchema,
    response: blogPostPageSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/blog/posts/:slug",
    summary: "One published post as HTML, with its translations (a super admin also previews drafts)",
    response: blogPostResponseSchema,
    public: true,
  },
  {
    method: "get",
    path: "/api/blog/covers/:name",
    summary: "A post's cover image",
    media: ["image/webp", "image/jpeg", "image/png"],
    public: true,
  },
  {
    method: "get",
    path: "/api/blog/images/:postId/:name",
    summary: "An image in a post's body (public with its post)",
    media: ["image/webp", "image/jpeg", "image/png"],
    public: true,
  },
  {
    method: "get",
    path: "/api/blog-admin/posts",
    summary: "Every post, drafts and scheduled ones included",
    description: EDITORS,
    response: blogAdminPostListSchema,
  },
  {
    method: "post",
    path: "/api/blog-admin/posts",
    summary: "Write a new draft post (Markdown), or a translation of another",
    description: EDITORS,
    body: blogPostInputSchema,
    response: blogAdminPostResponseSchema,
    status: 201,
  },
  {
    method: "get",
    path: "/api/blog-admin/posts/:id",
    summary: "One post as the editor shows it",
    description: EDITORS,
    response: blogAdminPostResponseSchema,
  },
  {
    method: "put",
    path: "/api/blog-admin/posts/:id",
    summary: "Save a post's title, description, slug, language and Markdown",
    description: EDITORS,
    body: blogPostInputSchema,
    response: blogAdminPostResponseSchema,
  },
  {
    method: "post",
    path: "/api/blog-admin/posts/:id/publish",
    summary: "Publish a post now, or schedule it (publishAt)",
    description: EDITORS,
    body: blogPublishSchema,
    response: blogAdminPostResponseSchema,
  },
  {
    method: "post",
    path: "/api/blog-admin/posts/:id/unpublish",
    summary: "Take a post back to draft",
    description: EDITORS,
    response: blogAdminPostResponseSchema,
  },
  {
    method: "delete",
    path: "/api/blog-admin/posts/:id",
    summary: "Delete a post and its cover",
    description: EDITORS,
    status: 204,
  },
  {
    method: "post",
    path: "/api/blog-admin/posts/:id/images",
    summary: "Upload an image for a post's body (multipart field `image`: JPEG, PNG or WebP); answers its URL",
    description: EDITORS,
    response: blogImageResponseSchema,
    status: 201,
  },
  {
    method: "put",
    path: "/api/blog-admin/posts/:id/cover",
    summary: "Set a post's cover image (multipart field `cover`: JPEG, PNG or WebP)",
    description: EDITORS,
    response: blogAdminPostResponseSchema,
  },
  {
    method: "delete",
    path: "/api/blog-admin/posts/:id/cover",
    summary: "Remove a post's cover image",
    description: EDITORS,
    response: blogAdminPostResponseSchema,
  },
]);
