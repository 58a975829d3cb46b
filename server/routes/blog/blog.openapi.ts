import { declareRoutes } from "../../openapi/route-declaration.ts";

export const blogApi = declareRoutes("Blog", [
  { method: "get", path: "/api/blog/posts", summary: "Read blog posts", public: true },
  { method: "get", path: "/api/blog/posts/:slug", summary: "Read blog posts", public: true },
  {
    method: "get",
    path: "/api/blog/covers/:name",
    summary: "Read blog covers",
    media: ["image/webp", "image/jpeg", "image/png"],
    public: true,
  },
  { method: "get", path: "/api/blog-admin/posts", summary: "Read blog admin posts" },
  { method: "post", path: "/api/blog-admin/posts", summary: "Create or run blog admin posts" },
  { method: "get", path: "/api/blog-admin/posts/:id", summary: "Read blog admin posts" },
  { method: "put", path: "/api/blog-admin/posts/:id", summary: "Replace blog admin posts" },
  { method: "post", path: "/api/blog-admin/posts/:id/publish", summary: "Create or run blog admin posts publish" },
  { method: "post", path: "/api/blog-admin/posts/:id/unpublish", summary: "Create or run blog admin posts unpublish" },
  { method: "delete", path: "/api/blog-admin/posts/:id", summary: "Delete blog admin posts" },
  { method: "put", path: "/api/blog-admin/posts/:id/cover", summary: "Replace blog admin posts cover" },
  { method: "delete", path: "/api/blog-admin/posts/:id/cover", summary: "Delete blog admin posts cover" },
]);
