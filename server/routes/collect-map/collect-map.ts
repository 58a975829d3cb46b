import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { latestMappedRecords } from "../../db/queries/collect-map-records.ts";
import { assertCanRead, loadAccess, submitterScope } from "../../policies/application-access.ts";
import { COLLECT_MAP_RECORDS_MAX } from "../../../shared/map/collect-map-records.ts";

/**
 * The previous records the collect map shows and "navigate to" offers: the latest the member may see with a place
 * on the map. The phone fetches them with the form and keeps them for offline use.
 */
export function collectMapRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/applications/:id/collect-map/records", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanRead(access);
    const scope = { applicationId: access.application.id, submitterId: submitterScope(access) };
    return c.json({ records: await latestMappedRecords(db, scope, COLLECT_MAP_RECORDS_MAX) });
  });

  return routes;
}
