import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const entityRoutes: RouteObject[] = [
  lazyPage("applications/:id/entities", () => import("./components/entities-page.tsx"), ["entities"]),
];
