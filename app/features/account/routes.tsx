import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const accountRoutes: RouteObject[] = [comingSoon("profile", "nav.account"), comingSoon("settings", "nav.settings")];
