import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { deleteEntityAction, findEntityAction, listOwnerEntityLists } from "../../db/queries/entities.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentEntity, presentEntityList, presentEntityVersion } from "../../presenters/entity-presenter.ts";
import {
  createEntityList,
  loadApplicationEntities,
  loadApplicationEntity,
  resolveEntityConflict,
  setEntityAction,
} from "../../services/entities/manage-entities.ts";
import * as contracts from "../../../shared/api/contracts/entities.ts";

/**
 * Entity lists, the form's action on one and the list's entities, all reached through an application: those who
 * read the application see its list's entities (and phones keep them offline), those who edit it manage the lists,
 * the action and conflicts (each contract's policy).
 */
export function entityRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.listEntityLists, async (c, { access }) => {
    const lists = await listOwnerEntityLists(db, access.application.ownerId);
    c.header("Cache-Control", "no-store");
    return c.json({ lists: lists.map(presentEntityList) });
  });

  mountRoute(routes, db, contracts.createEntityList, async (c, { access, body }) => {
    return c.json({ list: presentEntityList(await createEntityList(db, access.application.ownerId, body)) }, 201);
  });

  mountRoute(routes, db, contracts.getEntityAction, async (c, { access }) => {
    c.header("Cache-Control", "no-store");
    return c.json({ action: (await findEntityAction(db, access.application.id)) ?? null });
  });

  mountRoute(routes, db, contracts.setEntityAction, async (c, { access, body }) => {
    await setEntityAction(db, access.application, body);
    return c.json({ action: body });
  });

  mountRoute(routes, db, contracts.deleteEntityAction, async (c, { access }) => {
    await deleteEntityAction(db, access.application.id);
    return c.json({ action: null });
  });

  mountRoute(routes, db, contracts.listApplicationEntities, async (c, { access }) => {
    const { action, list, entities } = await loadApplicationEntities(db, access.application.id);
    c.header("Cache-Control", "no-store");
    return c.json({
      action,
      list: list ? presentEntityList(list) : null,
      entities: entities.map(presentEntity),
    });
  });

  mountRoute(routes, db, contracts.getApplicationEntity, async (c, { access, params }) => {
    const { entity, history } = await loadApplicationEntity(db, access.application.id, params.entityId);
    c.header("Cache-Control", "no-store");
    return c.json({ entity: presentEntity(entity), history: history.map(presentEntityVersion) });
  });

  mountRoute(routes, db, contracts.resolveEntityConflict, async (c, { access, params, body }) => {
    const entity = await resolveEntityConflict(
      db,
      { applicationId: access.application.id, actorId: access.userId, entityId: params.entityId },
      body,
    );
    return c.json({ entity: presentEntity(entity) });
  });

  return routes;
}
