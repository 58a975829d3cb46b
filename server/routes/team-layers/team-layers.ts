import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import {
  deleteTeamLayer,
  findTeamLayerFeatures,
  listTeamLayers,
  updateTeamLayer,
} from "../../db/queries/team-layers.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { assertCanEdit, assertCanRead, loadAccess } from "../../policies/application-access.ts";
import { presentTeamLayer } from "../../presenters/team-layer-presenter.ts";
import { addTeamLayer } from "../../services/team-layers/team-layers.ts";
import { TEAM_LAYER_MAX_BYTES, teamLayerUpdateSchema, teamLayerUploadSchema } from "../../../shared/map/team-layer.ts";

/** The file's text inside JSON: escaping at most doubles KML's quotes and GeoJSON's, plus the name and colour. */
export const MAX_TEAM_LAYER_BODY_BYTES = TEAM_LAYER_MAX_BYTES * 2 + 4096;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A layer's features never change (a new file is a new layer), so the phone and the browser may keep them. */
const IMMUTABLE = "private, max-age=31536000, immutable";

function layerId(value: string): string {
  if (!UUID_PATTERN.test(value)) throw new ApiError("NOT_FOUND", "Team layer not found");
  return value;
}

/**
 * An application's team layers: its administrators upload, rename, recolour and remove them; everyone who may read
 * the application (its collectors, whose phones keep them with the form) lists them and reads their features.
 */
export function teamLayerRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/applications/:id/team-layers", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanRead(access);
    const layers = await listTeamLayers(db, access.application.id);
    return c.json({ layers: layers.map(presentTeamLayer) });
  });

  routes.post("/api/applications/:id/team-layers", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanEdit(access);
    const upload = await readJson(c, teamLayerUploadSchema, { maxBytes: MAX_TEAM_LAYER_BODY_BYTES });
    const layer = await addTeamLayer(db, access.application.id, user.id, upload);
    return c.json(presentTeamLayer(layer), 201);
  });

  routes.get("/api/applications/:id/team-layers/:layerId/features", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanRead(access);
    const features = await findTeamLayerFeatures(db, access.application.id, layerId(c.req.param("layerId")));
    if (!features) throw new ApiError("NOT_FOUND", "Team layer not found");
    c.header("Cache-Control", IMMUTABLE);
    return c.json(features);
  });

  routes.patch("/api/applications/:id/team-layers/:layerId", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanEdit(access);
    const id = layerId(c.req.param("layerId"));
    const changes = await readJson(c, teamLayerUpdateSchema);
    const layer = await updateTeamLayer(db, access.application.id, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.color !== undefined ? { color: changes.color.toLowerCase() } : {}),
    });
    if (!layer) throw new ApiError("NOT_FOUND", "Team layer not found");
    return c.json(presentTeamLayer(layer));
  });

  routes.delete("/api/applications/:id/team-layers/:layerId", async (c) => {
    const access = await loadAccess(db, requireUser(c), c.req.param("id"));
    assertCanEdit(access);
    if (!(await deleteTeamLayer(db, access.application.id, layerId(c.req.param("layerId")))))
      throw new ApiError("NOT_FOUND", "Team layer not found");
    return c.body(null, 204);
  });

  return routes;
}
