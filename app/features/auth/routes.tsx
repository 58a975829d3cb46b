import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const authRoutes: RouteObject[] = [comingSoon("auth", "nav.login"), comingSoon("reset-password", "nav.resetPassword")];
