import type { RouteObject } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page.tsx";

/** The data page of one application, and the records of every application the user reads as a list and a map. */
export const dataRoutes: RouteObject[] = [
  lazyPage("applications/:id/data", () => import("./data-page.tsx"), ["data", "review", "fields"]),
  lazyPage("data", () => import("./overview/all-records-page.tsx"), ["data", "review"]),
  lazyPage("maps", () => import("./overview/all-maps-page.tsx"), ["data", "review"]),
  lazyPage("offline-maps", () => import("./offline-maps/offline-maps-page.tsx"), ["offline-maps"]),
];
