import type { Db } from "../../db/client.ts";
import { listLiveFields } from "../../db/queries/form-fields.ts";
import {
  findEntity,
  findEntityAction,
  findEntityList,
  insertEntityList,
  insertEntityVersions,
  listEntities,
  listEntityVersions,
  lockEntity,
  updateEntity,
  upsertEntityAction,
  type EntityListRow,
  type EntityRow,
  type EntityVersionRow,
} from "../../db/queries/entities.ts";
import { ApiError } from "../../lib/api-error.ts";
import { entityActionFields } from "../../../shared/entities/entity-action-fields.ts";
import { entityListNameProblem } from "../../../shared/entities/entity-list-name.ts";
import { parseExpression, referencedNames } from "../../../shared/expressions/index.ts";
import type { EntityAction, EntityListInput, EntityResolution } from "../../../shared/entities/entity-schemas.ts";

/** The application's identity as these services need it. */
interface OwnedApplication {
  id: string;
  ownerId: string;
}

export async function createEntityList(db: Db, ownerId: string, input: EntityListInput): Promise<EntityListRow> {
  const problem = entityListNameProblem(input.name);
  if (problem === "reserved")
    throw new ApiError("ENTITY_LIST_NAME_RESERVED", "List names starting with __ are reserved");
  if (problem === "invalid")
    throw new ApiError("ENTITY_LIST_NAME_INVALID", "A list name holds letters, digits, spaces, _ and - only");
  const list = await insertEntityList(db, { ownerId, name: input.name, properties: input.properties });
  if (!list) throw new ApiError("ENTITY_LIST_NAME_TAKEN", "The owner already has an entity list of this name");
  return list;
}

/** One of the application owner's lists; another owner's answers as missing. */
export async function loadOwnerList(db: Db, application: OwnedApplication, listId: string): Promise<EntityListRow> {
  const list = await findEntityList(db, listId);
  if (!list || list.ownerId !== application.ownerId)
    throw new ApiError("ENTITY_LIST_NOT_FOUND", "Entity list not found");
  return list;
}

/**
 * Checks the action against the list and the live form before it is kept: the list is the owner's, every saved
 * property is one of the list's and every named question is in the form, with the type its role needs.
 */
export async function setEntityAction(db: Db, application: OwnedApplication, action: EntityAction): Promise<void> {
  const list = await loadOwnerList(db, application, action.listId);
  const fields = await listLiveFields(db, application.id);
  const typeOf = new Map(entityActionFields(fields).map((field) => [field.name, field.fieldType]));
  const properties = new Set(list.properties.map((property) => property.name));
  const problems: string[] = [];
  for (const [property, fieldName] of Object.entries(action.saves)) {
    if (!properties.has(property)) problems.push(`saves.${property}`);
    if (!typeOf.has(fieldName)) problems.push(`saves.${property}`);
  }
  if (action.kind === "create") {
    if (!typeOf.has(action.labelField)) problems.push("labelField");
    if (action.geometryField !== undefined && typeOf.get(action.geometryField) !== "gps")
      problems.push("geometryField");
  } else if (typeOf.get(action.entityField) !== "entity") problems.push("entityField");
  if (action.condition !== undefined && !conditionReadsForm(action.condition, fields)) problems.push("condition");
  if (problems.length > 0)
    throw new ApiError("ENTITY_ACTION_INVALID", "The entity action does not match the list or the form", {
      fields: [...new Set(problems)],
    });
  await upsertEntityAction(db, application.id, action);
}

/** A condition the engine parses and whose `${name}`s are all questions of the form. */
function conditionReadsForm(condition: string, fields: readonly { name: string }[]): boolean {
  const parsed = parseExpression(condition);
  if (!parsed.ok) return false;
  const names = new Set(fields.map((field) => field.name.toLowerCase()));
  return referencedNames(parsed.expression).every((name) => names.has(name.toLowerCase()));
}

/** The form's action, its list and the list's entities: what the application's readers and phones see. */
export async function loadApplicationEntities(
  db: Db,
  applicationId: string,
): Promise<{ action: EntityAction | null; list: EntityListRow | null; entities: EntityRow[] }> {
  const action = (await findEntityAction(db, applicationId)) ?? null;
  const list = action ? ((await findEntityList(db, action.listId)) ?? null) : null;
  return { action, list, entities: list ? await listEntities(db, list.id) : [] };
}

/** An entity of the application's list (the only ones its readers may see), with its history. */
export async function loadApplicationEntity(
  db: Db,
  applicationId: string,
  entityId: string,
): Promise<{ entity: EntityRow; history: EntityVersionRow[] }> {
  const action = await findEntityAction(db, applicationId);
  const entity = action ? await findEntity(db, action.listId, entityId) : undefined;
  if (!entity) throw new ApiError("ENTITY_NOT_FOUND", "Entity not found");
  return { entity, history: await listEntityVersions(db, entity.id) };
}

/**
 * An administrator's resolution of a conflict: the values chosen per property become a new version made from the
 * current one, and the flag is lowered. A resolution made from an older version than the current one is refused,
 * so a change received meanwhile is never overwritten unseen.
 */
export async function resolveEntityConflict(
  db: Db,
  context: { applicationId: string; actorId: string; entityId: string },
  resolution: EntityResolution,
): Promise<EntityRow> {
  const action = await findEntityAction(db, context.applicationId);
  const list = action ? await findEntityList(db, action.listId) : undefined;
  if (!list) throw new ApiError("ENTITY_NOT_FOUND", "Entity not found");
  const known = new Set(list.properties.map((property) => property.name));
  const unknown = Object.keys(resolution.properties).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new ApiError("VALIDATION_FAILED", "Unknown properties", {
      fields: unknown.map((name) => `properties.${name}`),
    });
  return db.transaction(async (tx) => {
    const entity = await lockEntity(tx, context.entityId);
    if (!entity || entity.listId !== list.id) throw new ApiError("ENTITY_NOT_FOUND", "Entity not found");
    if (entity.version !== resolution.version)
      throw new ApiError("ENTITY_VERSION_CHANGED", "The entity changed since this resolution was made");
    const properties = { ...entity.properties, ...resolution.properties };
    const version = entity.version + 1;
    await insertEntityVersions(tx, [
      {
        entityId: entity.id,
        version,
        baseVersion: entity.version,
        source: "resolution",
        applicationId: context.applicationId,
        actorId: context.actorId,
        changes: resolution.properties,
        label: resolution.label,
        properties,
      },
    ]);
    const changes = { label: resolution.label, properties, version, conflict: false };
    await updateEntity(tx, entity.id, changes);
    return { ...entity, ...changes, updatedAt: new Date() };
  });
}
