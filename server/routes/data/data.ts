import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { ReadRouting } from "../../db/read-routing.ts";
import { chartRoutes } from "./charts.ts";
import { exportRoutes } from "./exports.ts";
import { recordRoutes } from "./records.ts";
import { runtimeConfigRoutes } from "./runtime-config.ts";

/**
 * The data page's API: records, map points, charts, exports, and the web's runtime config. Their heavy reads go
 * where `reads` says (a replica when configured); permission checks stay on the primary.
 */
export function dataRoutes(context: AppContext, reads: ReadRouting): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route("/", recordRoutes(context, reads));
  routes.route("/", chartRoutes(context, reads));
  routes.route("/", exportRoutes(context, reads));
  routes.route("/", runtimeConfigRoutes(context.database.db, context.config.baseMap.web));
  return routes;
}
