import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { APP_VERSION } from "../../version.ts";

export function healthRoutes(db: Db, databaseKind: string) {
  const app = new Hono();
  app.get("/api/health", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: "ok", database: { reachable: true, kind: databaseKind }, version: APP_VERSION });
    } catch {
      return c.json({ status: "degraded", database: { reachable: false, kind: databaseKind }, version: APP_VERSION }, 503);
    }
  });
  // The client's fallback connectivity probe (spec 001 §7): tiny, never cached, no database work.
  app.get("/connectivity-check", (c) => {
    c.header("Cache-Control", "no-store, max-age=0");
    return c.json({ ok: true, ts: c.req.query("ts") ?? null, serverTime: Date.now() });
  });
  return app;
}
