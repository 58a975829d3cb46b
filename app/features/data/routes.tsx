import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

/**
 * The data page of one application. The cross-application `data`, `maps` and `dashboard` screens stay
 * "coming soon": the spec does not show their contents (docs/decisions.md).
 */
export const dataRoutes: RouteObject[] = [
  lazyPage("applications/:id/data", () => import("./data-page.tsx")),
  comingSoon("data", "nav.data"),
  comingSoon("maps", "nav.maps"),
  comingSoon("dashboard", "nav.dashboard"),
];
