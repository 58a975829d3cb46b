import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const webhookRoutes: RouteObject[] = [
  lazyPage("applications/:id/webhooks", () => import("./components/webhooks-page.tsx"), ["webhooks"]),
];
