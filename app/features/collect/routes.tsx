import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

/**
 * Not behind the session guard: a signed-out visitor gets the screen's own 'Acesso restrito' state with a
 * login button (spec 001 §6) instead of a silent redirect.
 */
export const collectRoutes: RouteObject[] = [
  lazyPage("applications/:id/collect", () => import("./screen/collect-page.tsx")),
];
