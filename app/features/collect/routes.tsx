import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";
import type { LayoutHandle } from "../../components/layout/app-layout.tsx";

/**
 * Not behind the session guard: a signed-out visitor gets the screen's own 'Acesso restrito' state with a
 * login button (spec 001 §6) instead of a silent redirect.
 */
export const collectRoutes: RouteObject[] = [
  lazyPage("applications/:id/collect", () => import("./screen/collect-page.tsx"), [
    "collect",
    "fields",
    "sync",
    "form-versions",
  ]),
  // A public link's form: no sign-in, its own full-width page (it is also embedded in other sites' iframes).
  {
    ...lazyPage("f/:token", () => import("./public/public-link-page.tsx"), ["public-links", "collect", "fields"]),
    handle: { ownChrome: true } satisfies LayoutHandle,
  },
];
