import type { ZodObject, ZodType } from "zod";
import { isApiTokenRoute } from "../auth/api-token-routes.ts";
import type { HttpMethod, RouteContract } from "../../shared/api/route-contract.ts";

/**
 * One `/api` route as the reference shows it. `path` is the Hono path exactly as the route module registers it, so the
 * completeness test can compare declarations with the app's route table. `response` is the 2xx JSON body, checked at
 * run time when CHECK_RESPONSES=1; `media` lists the content types of routes that answer with a file instead.
 */
export interface RouteDeclaration {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Rules a caller needs beyond the summary (who may call it, parameters the schema cannot list). */
  description?: string;
  tag: string;
  params?: ZodObject;
  query?: ZodObject;
  body?: ZodType;
  response?: ZodType;
  media?: string[];
  status?: number;
  /** No session or token needed. */
  public?: boolean;
}

/** Declarations of one area that share a tag: `declare("Health", [...])`. */
export function declareRoutes(tag: string, routes: Omit<RouteDeclaration, "tag">[]): RouteDeclaration[] {
  return routes.map((route) => ({ ...route, tag }));
}

/**
 * A route not yet moved to a contract (shared/api/contracts/), as the reference shows it: signed in unless public,
 * token access as the legacy allow-list answers for the route's shape, an operationId from its method and path.
 */
export function legacyContract(route: RouteDeclaration): RouteContract {
  const { public: isPublic, ...rest } = route;
  const sample = route.path.replace(/:(\w+)(?:\{[^}]+\})?/g, "00000000-0000-4000-8000-000000000000");
  return {
    ...rest,
    operationId: legacyOperationId(route),
    policy: isPublic ? "public" : "signedIn",
    token: !isPublic && isApiTokenRoute(route.method.toUpperCase(), sample),
    errors: [],
  };
}

function legacyOperationId(route: RouteDeclaration): string {
  const words = route.path
    .replace(/^\/api\//, "")
    .replace(/\{[^}]+\}/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.replace(/^\w/, (first) => first.toUpperCase()));
  return `${route.method}${words.join("")}${route.path.endsWith("/") ? "Slash" : ""}`;
}

/** `/api/applications/:id/:file{export\.[a-z]+}` → `/api/applications/{id}/{file}`; `*` → `{path}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(?:\{[^}]+\})?/g, "{$1}").replace(/\/\*$/, "/{path}");
}

/** The request path pattern of a Hono route path: `:name` is one segment, `:name{re}` its own expression. */
export function routePattern(honoPath: string): RegExp {
  const source = honoPath
    .split(/(:\w+(?:\{[^}]+\})?|\*)/)
    .map((part) => {
      if (part === "*") return ".*";
      const custom = /^:\w+\{(.+)\}$/.exec(part)?.[1];
      if (custom) return `(?:${custom})`;
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}
