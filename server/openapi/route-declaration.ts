import type { ZodObject, ZodType } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

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
