import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const accountRoutes: RouteObject[] = [
  lazyPage("profile", () => import("./profile-page.tsx")),
  lazyPage("settings", () => import("./settings-page.tsx")),
];
