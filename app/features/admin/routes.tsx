import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

const ADMIN_NAMESPACES = ["admin"] as const;

const layout = lazyPage("admin", () => import("./pages/admin-layout-page.tsx"), ADMIN_NAMESPACES);

/** /admin (super admins): the tab layout around users, a user's page, applications, messages, e-mails and revenue. */
export const adminRoutes: RouteObject[] = [
  {
    path: "admin",
    lazy: layout.lazy,
    children: [
      lazyPage(undefined, () => import("./pages/users-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("users/:id", () => import("./pages/user-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("applications", () => import("./pages/applications-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("messages", () => import("./pages/messages-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("messages/:kind/:id", () => import("./pages/message-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("emails", () => import("./pages/emails-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("emails/:id", () => import("./pages/email-page.tsx"), ADMIN_NAMESPACES),
      lazyPage("revenue", () => import("./pages/revenue-page.tsx"), ADMIN_NAMESPACES),
    ],
  },
  lazyPage("blog-admin", () => import("../blog/admin/blog-admin-page.tsx"), ["blog"]),
  lazyPage("blog-admin/new", () => import("../blog/admin/blog-editor-page.tsx"), ["blog"]),
  lazyPage("blog-admin/:id", () => import("../blog/admin/blog-editor-page.tsx"), ["blog"]),
];
