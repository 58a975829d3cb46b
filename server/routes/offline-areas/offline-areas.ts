import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import {
  countOfflineAreas,
  deleteOfflineArea,
  insertOfflineArea,
  listOfflineAreas,
} from "../../db/queries/offline-areas.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { assertCanEdit, assertCanRead, loadAccess } from "../../policies/application-access.ts";
import { presentOfflineArea } from "../../presenters/offline-area-presenter.ts";
import { OFFLINE_AREAS_MAX, offlineAreaInputSchema } from "../../../shared/map/offline-area.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Base map areas for an application's team: its administrators define and remove them; everyone who may read the
 * application (its collectors) lists them, and their phones offer to download their tiles.
 */
export function offlineAreaRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/applications/:id/offline-areas", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanRead(access);
    const areas = await listOfflineAreas(db, access.application.id);
    return c.json({ areas: areas.map(presentOfflineArea) });
  });

  routes.post("/api/applications/:id/offline-areas", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanEdit(access);
    const { name, bbox, minZoom, maxZoom } = await readJson(c, offlineAreaInputSchema);
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

  routes.delete("/api/applications/:id/offline-areas/:areaId", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanEdit(access);
    const areaId = c.req.param("areaId");
    if (!UUID_PATTERN.test(areaId) || !(await deleteOfflineArea(db, access.application.id, areaId)))
      throw new ApiError("NOT_FOUND", "Offline area not found");
    return c.body(null, 204);
  });

  return routes;
}
