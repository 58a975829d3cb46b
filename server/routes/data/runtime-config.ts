import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { getRuntimeConfig } from "../../../shared/api/contracts/data.ts";
import type { BaseMap, RuntimeConfig } from "../../../shared/map/base-map.ts";

/** GET /api/config: settings the web reads at run time rather than build time (today: which base map to draw). */
export function runtimeConfigRoutes(db: Db, baseMap: BaseMap): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  mountRoute(routes, db, getRuntimeConfig, (c) =>
    c.json<RuntimeConfig>({ baseMap }, 200, { "Cache-Control": "no-cache" }),
  );
  return routes;
}
