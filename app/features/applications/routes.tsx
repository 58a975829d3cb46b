import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

export const applicationRoutes: RouteObject[] = [
  lazyPage("applications", () => import("./list/applications-page.tsx"), [
    "applications",
    "xlsform",
    "webhooks",
    "public-links",
    "entities",
    "fields",
    "expressions",
  ]),
  lazyPage("applications/new", () => import("./designer/designer-page.tsx")),
  lazyPage("applications/:id/edit", () => import("./designer/designer-page.tsx"), ["form-versions", "webhooks"]),
];
