import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

/** Signed-in pages: plans and subscription, the provider's return pages, and the local provider's own pages. */
export const subscriptionRoutes: RouteObject[] = [
  lazyPage("subscription", () => import("./pages/subscription-page.tsx")),
  lazyPage("subscription-success", () => import("./pages/subscription-success-page.tsx")),
  lazyPage("subscription-canceled", () => import("./pages/subscription-canceled-page.tsx")),
  lazyPage("billing/local-checkout", () => import("./pages/local-checkout-page.tsx")),
  lazyPage("billing/local-portal", () => import("./pages/local-portal-page.tsx")),
];
