import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const teamRoutes: RouteObject[] = [lazyPage("team", () => import("./team-page.tsx"))];
