import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const dashboardRoutes: RouteObject[] = [
  lazyPage("dashboard", () => import("./dashboard-page.tsx"), ["dashboard"]),
];
