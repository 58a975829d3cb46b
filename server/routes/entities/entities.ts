import { Hono, type Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { deleteEntityAction, findEntityAction, listOwnerEntityLists } from "../../db/queries/entities.ts";
import { readJson } from "../../lib/validation.ts";
import { assertCanEdit, assertCanRead, loadAccess, type ReadableAccess } from "../../policies/application-access.ts";
import { presentEntity, presentEntityList, presentEntityVersion } from "../../presenters/entity-presenter.ts";
import {
  createEntityList,
  loadApplicationEntities,
  loadApplicationEntity,
  resolveEntityConflict,
  setEntityAction,
} from "../../services/entities/manage-entities.ts";
import {
  entityActionSchema,
  entityListInputSchema,
  entityResolutionSchema,
} from "../../../shared/entities/entity-schemas.ts";

const APP = "/api/applications/:id";

/**
 * Entity lists, the form's action on one and the list's entities, all reached through an application: those who
 * read the application see its list's entities (and phones keep them offline), those who edit it manage the lists,
 * the action and conflicts (policies/application-access.ts).
 */
export function entityRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  async function access(c: Context<AppEnv>): Promise<ReadableAccess> {
    const found = await loadAccess(db, requireUser(c), c.req.param("id") ?? "");
    assertCanRead(found);
    return found;
  }
  async function editable(c: Context<AppEnv>): Promise<ReadableAccess> {
    const found = await loadAccess(db, requireUser(c), c.req.param("id") ?? "");
    assertCanEdit(found);
    return found;
  }

  routes.get(`${APP}/entity-lists`, async (c) => {
    const { application } = await editable(c);
    const lists = await listOwnerEntityLists(db, application.ownerId);
    c.header("Cache-Control", "no-store");
    return c.json({ lists: lists.map(presentEntityList) });
  });

  routes.post(`${APP}/entity-lists`, async (c) => {
    const { application } = await editable(c);
    const input = await readJson(c, entityListInputSchema);
    return c.json({ list: presentEntityList(await createEntityList(db, application.ownerId, input)) }, 201);
  });

  routes.get(`${APP}/entity-action`, async (c) => {
    const { application } = await editable(c);
    c.header("Cache-Control", "no-store");
    return c.json({ action: (await findEntityAction(db, application.id)) ?? null });
  });

  routes.put(`${APP}/entity-action`, async (c) => {
    const { application } = await editable(c);
    const action = await readJson(c, entityActionSchema);
    await setEntityAction(db, application, action);
    return c.json({ action });
  });

  routes.delete(`${APP}/entity-action`, async (c) => {
    const { application } = await editable(c);
    await deleteEntityAction(db, application.id);
    return c.json({ action: null });
  });

  routes.get(`${APP}/entities`, async (c) => {
    const { application } = await access(c);
    const { action, list, entities } = await loadApplicationEntities(db, application.id);
    c.header("Cache-Control", "no-store");
    return c.json({
      action,
      list: list ? presentEntityList(list) : null,
      entities: entities.map(presentEntity),
    });
  });

  routes.get(`${APP}/entities/:entityId`, async (c) => {
    const { application } = await access(c);
    const { entity, history } = await loadApplicationEntity(db, application.id, c.req.param("entityId"));
    c.header("Cache-Control", "no-store");
    return c.json({ entity: presentEntity(entity), history: history.map(presentEntityVersion) });
  });

  routes.post(`${APP}/entities/:entityId/resolve`, async (c) => {
    const found = await editable(c);
    const resolution = await readJson(c, entityResolutionSchema);
    const entity = await resolveEntityConflict(
      db,
      { applicationId: found.application.id, actorId: found.userId, entityId: c.req.param("entityId") },
      resolution,
    );
    return c.json({ entity: presentEntity(entity) });
  });

  return routes;
}
