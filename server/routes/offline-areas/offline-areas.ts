import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import {
  countOfflineAreas,
  deleteOfflineArea,
  insertOfflineArea,
  listOfflineAreas,
} from "../../db/queries/offline-areas.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { presentOfflineArea } from "../../presenters/offline-area-presenter.ts";
import * as contracts from "../../../shared/api/contracts/offline-areas.ts";
import { OFFLINE_AREAS_MAX } from "../../../shared/map/offline-area.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Base map areas for an application's team: its administrators define and remove them; everyone who may read the
 * application (its collectors) lists them, and their phones offer to download their tiles.
 */
export function offlineAreaRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.listOfflineAreas, async (c, { access }) => {
    const areas = await listOfflineAreas(db, access.application.id);
    return c.json({ areas: areas.map(presentOfflineArea) });
  });

  mountRoute(routes, db, contracts.createOfflineArea, async (c, { user, access, body }) => {
    const { name, bbox, minZoom, maxZoom } = body;
    if ((await countOfflineAreas(db, access.application.id)) >= OFFLINE_AREAS_MAX)
      throw new ApiError("OFFLINE_AREAS_LIMIT_REACHED", `An application holds at most ${OFFLINE_AREAS_MAX} areas`);
    const area = await insertOfflineArea(db, {
      applicationId: access.application.id,
      name,
      ...bbox,
      minZoom,
      maxZoom,
      createdBy: user.id,
    });
    return c.json(presentOfflineArea(area), 201);
  });

  mountRoute(routes, db, contracts.deleteOfflineArea, async (c, { access, params }) => {
    const { areaId } = params;
    if (!UUID_PATTERN.test(areaId) || !(await deleteOfflineArea(db, access.application.id, areaId)))
      throw new ApiError("NOT_FOUND", "Offline area not found");
    return c.body(null, 204);
  });

  return routes;
}
