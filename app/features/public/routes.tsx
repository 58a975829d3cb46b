import type { RouteObject } from "react-router";
import { lazyLayout, lazyPage } from "../../components/routing/lazy-page.tsx";
import { InstalledLandingGuard } from "../../pwa/installed-landing-guard.tsx";
import type { LayoutHandle } from "../../components/layout/app-layout.tsx";

const ownChrome: LayoutHandle = { ownChrome: true };

/** Pages anyone may open, signed in or not; the public site's pages share the landing's header menu and footer. */
export const publicRoutes: RouteObject[] = [
  { element: <InstalledLandingGuard />, children: [{ ...lazyPage("home", () => import("./home-page.tsx"), ["public"]), handle: ownChrome }] },
  lazyLayout(
    () => import("./landing/public-pages-layout.tsx"),
    ["public"],
    [
      lazyPage("pricing", () => import("../subscription/pages/pricing-page.tsx"), ["subscription"]),
      lazyPage("blog", () => import("../blog/blog-list-page.tsx"), ["blog"]),
      lazyPage("blog/:slug", () => import("../blog/blog-post-page.tsx"), ["blog"]),
      lazyPage("contact", () => import("./contact/contact-page.tsx"), ["public"]),
      lazyPage("privacy-policy", () => import("./legal/privacy-policy-page.tsx"), ["legal"]),
      lazyPage("terms-of-service", () => import("./legal/terms-of-service-page.tsx"), ["legal"]),
    ],
    ownChrome,
  ),
  lazyPage("install", () => import("../install/install-page.tsx"), ["pwa"]),
  lazyPage("health", () => import("../health/health-page.tsx")),
  lazyPage("accept-invite", () => import("../invites/accept-invite-page.tsx")),
];
