import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const dataRoutes: RouteObject[] = [
  comingSoon("applications/:id/data", "nav.data"),
  comingSoon("data", "nav.data"),
  comingSoon("maps", "nav.maps"),
  comingSoon("dashboard", "nav.dashboard"),
];
