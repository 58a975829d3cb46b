import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const publicLinkRoutes: RouteObject[] = [
  lazyPage("applications/:id/public-links", () => import("./components/public-links-page.tsx"), ["public-links"]),
];
