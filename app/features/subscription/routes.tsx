import type { RouteObject } from "react-router";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

export const subscriptionRoutes: RouteObject[] = [
  comingSoon("subscription", "nav.subscription"),
  comingSoon("subscription-success", "nav.subscription"),
  comingSoon("subscription-canceled", "nav.subscription"),
];
