import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import {
  deleteTeamLayer,
  findTeamLayerFeatures,
  listTeamLayers,
  updateTeamLayer,
} from "../../db/queries/team-layers.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { ApiError } from "../../lib/api-error.ts";
import { presentTeamLayer } from "../../presenters/team-layer-presenter.ts";
import { addTeamLayer } from "../../services/team-layers/team-layers.ts";
import * as contracts from "../../../shared/api/contracts/team-layers.ts";

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

  mountRoute(routes, db, contracts.listTeamLayers, async (c, { access }) => {
    const layers = await listTeamLayers(db, access.application.id);
    return c.json({ layers: layers.map(presentTeamLayer) });
  });

  mountRoute(routes, db, contracts.uploadTeamLayer, async (c, { user, access, body }) => {
    const layer = await addTeamLayer(db, access.application.id, user.id, body);
    return c.json(presentTeamLayer(layer), 201);
  });

  mountRoute(routes, db, contracts.getTeamLayerFeatures, async (c, { access, params }) => {
    const features = await findTeamLayerFeatures(db, access.application.id, layerId(params.layerId));
    if (!features) throw new ApiError("NOT_FOUND", "Team layer not found");
    c.header("Cache-Control", IMMUTABLE);
    return c.json(features);
  });

  mountRoute(routes, db, contracts.updateTeamLayer, async (c, { access, params, body: changes }) => {
    const id = layerId(params.layerId);
    const layer = await updateTeamLayer(db, access.application.id, id, {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.color !== undefined ? { color: changes.color.toLowerCase() } : {}),
    });
    if (!layer) throw new ApiError("NOT_FOUND", "Team layer not found");
    return c.json(presentTeamLayer(layer));
  });

  mountRoute(routes, db, contracts.deleteTeamLayer, async (c, { access, params }) => {
    if (!(await deleteTeamLayer(db, access.application.id, layerId(params.layerId))))
      throw new ApiError("NOT_FOUND", "Team layer not found");
    return c.body(null, 204);
  });

  return routes;
}
