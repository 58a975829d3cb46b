import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

/** /support is open to everyone: signed-in users get their name and e-mail filled in. */
export const supportRoutes: RouteObject[] = [lazyPage("support", () => import("./support-page.tsx"))];
