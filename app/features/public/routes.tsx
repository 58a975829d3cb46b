import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";
import { comingSoon } from "../../components/routing/coming-soon.tsx";

/** Pages anyone may open, signed in or not. */
export const publicRoutes: RouteObject[] = [
  lazyPage("home", () => import("./home-page.tsx")),
  comingSoon("blog", "nav.blog"),
  comingSoon("blog/:slug", "nav.blog"),
  comingSoon("support", "nav.support"),
  comingSoon("contact", "nav.contact"),
  comingSoon("privacy-policy", "nav.privacy"),
  comingSoon("terms-of-service", "nav.terms"),
  comingSoon("install", "nav.install"),
  comingSoon("health", "nav.health"),
  comingSoon("accept-invite", "nav.acceptInvite"),
];
