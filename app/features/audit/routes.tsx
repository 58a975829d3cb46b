import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const auditRoutes: RouteObject[] = [
  lazyPage("change-management", () => import("./change-log-page.tsx"), ["audit"]),
  lazyPage("debug-permissions", () => import("./debug-permissions-page.tsx"), ["audit", "diagnostics"]),
];
