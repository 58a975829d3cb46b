import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const collectRoutes: RouteObject[] = [comingSoon("applications/:id/collect", "nav.collect")];
