import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { latestMappedRecords } from "../../db/queries/collect-map-records.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { submitterScope } from "../../policies/application-access.ts";
import { listCollectMapRecords } from "../../../shared/api/contracts/collect-map.ts";
import { COLLECT_MAP_RECORDS_MAX } from "../../../shared/map/collect-map-records.ts";

/**
 * The previous records the collect map shows and "navigate to" offers: the latest the member may see with a place
 * on the map. The phone fetches them with the form and keeps them for offline use.
 */
export function collectMapRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, listCollectMapRecords, async (c, { access }) => {
    const scope = { applicationId: access.application.id, submitterId: submitterScope(access) };
    return c.json({ records: await latestMappedRecords(db, scope, COLLECT_MAP_RECORDS_MAX) });
  });

  return routes;
}
