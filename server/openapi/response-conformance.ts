import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { logger } from "../lib/logger.ts";
import { routePattern, type RouteDeclaration } from "./route-declaration.ts";

/**
 * Test servers (CHECK_RESPONSES=1) check every successful JSON answer against the route's declared schema, so every
 * API test proves the reference true for the routes it calls. A mismatch becomes a 500 naming the differences.
 */
export function responseConformance(routes: RouteDeclaration[]): MiddlewareHandler<AppEnv> {
  const checked = routes
    .filter((route) => route.response)
    .map((route) => ({ route, pattern: routePattern(route.path) }));
  return async (c, next) => {
    await next();
    if (c.res.status < 200 || c.res.status >= 300) return;
    if (!c.res.headers.get("Content-Type")?.includes("application/json")) return;
    const method = c.req.method.toLowerCase();
    const match = checked.find((entry) => entry.route.method === method && entry.pattern.test(c.req.path));
    if (!match?.route.response) return;
    const result = match.route.response.safeParse(await c.res.clone().json());
    if (result.success) return;
    const issues = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    logger.error("response does not match its OpenAPI schema", { method, path: match.route.path, issues });
    c.res = c.json(
      {
        error: {
          code: "INTERNAL",
          message: `Response of ${method.toUpperCase()} ${match.route.path} does not match its declared schema`,
          details: issues,
        },
      },
      500,
    );
  };
}
