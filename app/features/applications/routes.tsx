import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const applicationRoutes: RouteObject[] = [
  comingSoon("applications", "nav.applications"),
  comingSoon("applications/new", "nav.applications"),
  comingSoon("applications/:id/edit", "nav.applications"),
];
