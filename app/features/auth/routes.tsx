import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const authRoutes: RouteObject[] = [
  lazyPage("auth", () => import("./auth-page.tsx"), ["auth"]),
  lazyPage("reset-password", () => import("./reset-password-page.tsx")),
];
