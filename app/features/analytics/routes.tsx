import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const analyticsRoutes: RouteObject[] = [
  lazyPage("admin/analytics", () => import("./analytics-page.tsx"), ["analytics"]),
];
