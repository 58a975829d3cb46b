import type { Db } from "../../db/client.ts";
import { findEntity, findEntityAction, findEntityList, type EntityListRow } from "../../db/queries/entities.ts";
import { listEntityPlaces, pageEntities } from "../../db/queries/entity-pages.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { presentEntity, presentEntityList } from "../../presenters/entity-presenter.ts";
import {
  ENTITY_MAP_MAX,
  type EntityCreateInput,
  type EntityFilter,
  type EntityMapDto,
  type EntityPageDto,
  type EntityPageQuery,
} from "../../../shared/entities/entity-browse.ts";
import type { EntityDto } from "../../../shared/entities/entity-dtos.ts";
import { entityValueProblem } from "./entity-values.ts";
import { notifyEntityChanges } from "./entity-webhooks.ts";
import { writeEntities } from "./write-entities.ts";

/** The list the application's form acts on: the one its readers see and its administrators fill. */
export async function loadApplicationList(db: Db, applicationId: string): Promise<EntityListRow> {
  const action = await findEntityAction(db, applicationId);
  const list = action ? await findEntityList(db, action.listId) : undefined;
  if (!list) throw new ApiError("ENTITY_LIST_NOT_FOUND", "The form acts on no entity list");
  return list;
}

export async function entityPage(db: Db, applicationId: string, query: EntityPageQuery): Promise<EntityPageDto> {
  const list = await loadApplicationList(db, applicationId);
  const { rows, total } = await pageEntities(db, list.id, query, query);
  return { list: presentEntityList(list), entities: rows.map(presentEntity), total };
}

export async function entityMap(db: Db, applicationId: string, filter: EntityFilter): Promise<EntityMapDto> {
  const list = await loadApplicationList(db, applicationId);
  const points = await listEntityPlaces(db, list.id, filter, ENTITY_MAP_MAX + 1);
  return { points: points.slice(0, ENTITY_MAP_MAX), truncated: points.length > ENTITY_MAP_MAX };
}

/**
 * An entity made through the API in the application's list. Sending the same id again answers the entity already
 * made (`created: false`), so a client may retry; an id of another list's entity is refused.
 */
export async function createEntity(
  db: Db,
  webhooks: WebhookEmitter,
  context: { applicationId: string; actorId: string },
  input: EntityCreateInput,
): Promise<{ entity: EntityDto; created: boolean }> {
  const list = await loadApplicationList(db, context.applicationId);
  const typeOf = new Map(list.properties.map((property) => [property.name, property.type]));
  const problems = Object.entries(input.properties).flatMap(([name, value]) => {
    const type = typeOf.get(name);
    const problem = type === undefined ? "unknownProperty" : entityValueProblem(type, value);
    return problem === undefined ? [] : [{ path: `properties.${name}`, message: problem }];
  });
  if (problems.length > 0) throw new ApiError("VALIDATION_FAILED", "Invalid properties", problems);
  const id = (input.id ?? crypto.randomUUID()).toLowerCase();
  const properties = Object.fromEntries(Object.entries(input.properties).filter(([, value]) => value !== null));
  const applied = await db.transaction(async (tx) => {
    const done = await writeEntities(
      tx,
      { listId: list.id, applicationId: context.applicationId, actorId: context.actorId, source: "api" },
      [{ kind: "create", id, label: input.label, properties, location: input.location ?? null }],
    );
    await notifyEntityChanges(tx, webhooks, done);
    return done;
  });
  const entity = await findEntity(db, list.id, id);
  if (!entity) throw new ApiError("ENTITY_ID_TAKEN", "This id belongs to an entity of another list");
  return { entity: presentEntity(entity), created: applied.created.length > 0 };
}
