import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const adminRoutes: RouteObject[] = [
  comingSoon("admin", "nav.admin"),
  lazyPage("blog-admin", () => import("../blog/admin/blog-admin-page.tsx"), ["blog"]),
  lazyPage("blog-admin/new", () => import("../blog/admin/blog-editor-page.tsx"), ["blog"]),
  lazyPage("blog-admin/:id", () => import("../blog/admin/blog-editor-page.tsx"), ["blog"]),
  comingSoon("change-management", "nav.changeManagement"),
  comingSoon("debug-permissions", "nav.debugPermissions"),
];
