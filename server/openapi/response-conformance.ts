import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../context.ts";
import { logger } from "../lib/logger.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

/**
 * Test servers (CHECK_RESPONSES=1) check every successful JSON answer against the route's declared schema, so every
 * API test proves the reference true for the routes it calls. A mismatch becomes a 500 naming the differences.
 */
export function responseConformance(
  routes: readonly Pick<RouteContract, "method" | "path" | "response">[],
): MiddlewareHandler<AppEnv> {
  const checked = new Map(
    routes.flatMap((route) => (route.response ? [[`${route.method} ${route.path}`, route]] : [])),
  );
  return async (c, next) => {
    await next();
    if (c.res.status < 200 || c.res.status >= 300) return;
    if (!c.res.headers.get("Content-Type")?.includes("application/json")) return;
    const method = c.req.method.toLowerCase();
    // The route that answered, as registered: `/records/map-view` is not `/records/:recordId` though both match its path.
    const route = checked.get(`${method} ${routePath(c)}`);
    if (!route?.response) return;
    const result = route.response.safeParse(await c.res.clone().json());
    if (result.success) return;
    const issues = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    logger.error("response does not match its OpenAPI schema", { method, path: route.path, issues });
    c.res = c.json(
      {
        error: {
          code: "INTERNAL",
          message: `Response of ${method.toUpperCase()} ${route.path} does not match its declared schema`,
          details: issues,
        },
      },
      500,
    );
  };
}
