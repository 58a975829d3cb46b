import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const teamRoutes: RouteObject[] = [comingSoon("team", "nav.team")];
