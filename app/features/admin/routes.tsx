import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const adminRoutes: RouteObject[] = [comingSoon("admin", "nav.admin"), comingSoon("blog-admin", "nav.blogAdmin")];
