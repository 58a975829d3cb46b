import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isDatabaseReachable } from "../../db/queries/health.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { APP_VERSION } from "../../version.ts";
import type { HealthResponse } from "../../../shared/health/health-response.ts";
import { getHealth } from "../../../shared/api/contracts/health.ts";

/**
 * GET /api/health: up or degraded for anyone (monitors, the /health page); the version and the database engine
 * only for super admins, since they tell an attacker which known flaws to try.
 */
export function healthRoutes(db: Db, databaseKind: string) {
  const app = new Hono<AppEnv>();
  mountRoute(app, db, getHealth, async (c, { user }) => {
    c.header("Cache-Control", "no-store");
    const reachable = await isDatabaseReachable(db);
    const details = user?.isSuperAdmin ? { kind: databaseKind, version: APP_VERSION } : null;
    const body: HealthResponse = {
      status: reachable ? "ok" : "degraded",
      database: { reachable, ...(details ? { kind: details.kind } : {}) },
      ...(details ? { version: details.version } : {}),
    };
    return c.json(body, reachable ? 200 : 503);
  });
  // The client's fallback connectivity probe (spec 001 §7): tiny, never cached, no database work.
  app.get("/connectivity-check", (c) => {
    c.header("Cache-Control", "no-store, max-age=0");
    return c.json({ ok: true, ts: c.req.query("ts") ?? null, serverTime: Date.now() });
  });
  return app;
}
