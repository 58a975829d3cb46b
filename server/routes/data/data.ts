import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { chartRoutes } from "./charts.ts";
import { exportRoutes } from "./exports.ts";
import { recordRoutes } from "./records.ts";
import { runtimeConfigRoutes } from "./runtime-config.ts";

/** The data page's API: records, map points, charts, exports, and the web's runtime config. */
export function dataRoutes(context: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route("/", recordRoutes(context));
  routes.route("/", chartRoutes(context));
  routes.route("/", exportRoutes(context));
  routes.route("/", runtimeConfigRoutes(context.config.baseMap.web));
  return routes;
}
