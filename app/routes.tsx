import type { RouteObject } from "react-router";
import { AppLayout } from "./components/layout/app-layout.tsx";
import { ProtectedRoute } from "./components/routing/protected-route.tsx";
import { RootRedirect } from "./components/routing/root-redirect.tsx";
import { lazyPage } from "./components/routing/lazy-page.tsx";
import { LoadingScreen } from "./components/routing/loading-screen.tsx";
import { RouteErrorScreen } from "./components/routing/route-error-screen.tsx";
import { publicRoutes } from "./features/public/routes.tsx";
import { supportRoutes } from "./features/support/routes.tsx";
import { authRoutes } from "./features/auth/routes.tsx";
import { accountRoutes } from "./features/account/routes.tsx";
import { applicationRoutes } from "./features/applications/routes.tsx";
import { collectRoutes } from "./features/collect/routes.tsx";
import { dataRoutes } from "./features/data/routes.tsx";
import { dashboardRoutes } from "./features/dashboard/routes.tsx";
import { teamRoutes } from "./features/team/routes.tsx";
import { subscriptionRoutes } from "./features/subscription/routes.tsx";
import { adminRoutes } from "./features/admin/routes.tsx";
import { analyticsRoutes } from "./features/analytics/routes.tsx";
import { auditRoutes } from "./features/audit/routes.tsx";
import { webhookRoutes } from "./features/webhooks/routes.tsx";
import { publicLinkRoutes } from "./features/public-links/routes.tsx";
import { entityRoutes } from "./features/entities/routes.tsx";

/** The whole route table (spec 000 §2): public pages, then the protected ones behind the session guard. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <RootRedirect /> },
      ...publicRoutes,
      ...supportRoutes,
      ...authRoutes,
      ...collectRoutes,
      {
        element: <ProtectedRoute />,
        children: [
          ...applicationRoutes,
          ...dataRoutes,
          ...dashboardRoutes,
          ...teamRoutes,
          ...accountRoutes,
          ...subscriptionRoutes,
          ...adminRoutes,
          ...analyticsRoutes,
          ...auditRoutes,
          ...webhookRoutes,
          ...publicLinkRoutes,
          ...entityRoutes,
        ],
      },
      lazyPage("*", () => import("./components/routing/not-found-page.tsx")),
    ],
  },
];
