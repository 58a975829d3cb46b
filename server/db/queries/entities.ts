import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { applicationEntityActions, entities, entityLists, entityVersions } from "../schema/index.ts";
import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";

export type EntityListRow = typeof entityLists.$inferSelect;
export type EntityRow = typeof entities.$inferSelect;
export type NewEntity = typeof entities.$inferInsert;
export type EntityVersionRow = typeof entityVersions.$inferSelect;
export type NewEntityVersion = typeof entityVersions.$inferInsert;

export async function listOwnerEntityLists(db: Db, ownerId: string): Promise<EntityListRow[]> {
  return db.select().from(entityLists).where(eq(entityLists.ownerId, ownerId)).orderBy(asc(entityLists.name));
}

export async function findEntityList(db: Db, listId: string): Promise<EntityListRow | undefined> {
  const [row] = await db.select().from(entityLists).where(eq(entityLists.id, listId));
  return row;
}

/** undefined when the owner already has a list of that name (any case). */
export async function insertEntityList(
  db: Db,
  list: typeof entityLists.$inferInsert,
): Promise<EntityListRow | undefined> {
  const [row] = await db.insert(entityLists).values(list).onConflictDoNothing().returning();
  return row;
}

export async function findEntityAction(db: Db, applicationId: string): Promise<EntityAction | undefined> {
  const [row] = await db
    .select({ action: applicationEntityActions.action })
    .from(applicationEntityActions)
    .where(eq(applicationEntityActions.applicationId, applicationId));
  return row?.action;
}

export async function upsertEntityAction(db: Db, applicationId: string, action: EntityAction): Promise<void> {
  const values = { applicationId, listId: action.listId, action, updatedAt: new Date() };
  await db
    .insert(applicationEntityActions)
    .values(values)
    .onConflictDoUpdate({ target: applicationEntityActions.applicationId, set: values });
}

export async function deleteEntityAction(db: Db, applicationId: string): Promise<void> {
  await db.delete(applicationEntityActions).where(eq(applicationEntityActions.applicationId, applicationId));
}

export async function listEntities(db: Db, listId: string): Promise<EntityRow[]> {
  return db.select().from(entities).where(eq(entities.listId, listId)).orderBy(asc(entities.label), asc(entities.id));
}

/** The list's entities among these ids (an id of another list, or of none, is left out). */
export async function listEntitiesByIds(db: Db, listId: string, ids: readonly string[]): Promise<EntityRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(entities)
    .where(and(eq(entities.listId, listId), inArray(entities.id, [...ids])))
    .orderBy(asc(entities.label), asc(entities.id));
}

export async function findEntity(db: Db, listId: string, entityId: string): Promise<EntityRow | undefined> {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.listId, listId), eq(entities.id, entityId)));
  return row;
}

/** The entity locked until the transaction ends: its changes are numbered one after another, in receipt order. */
export async function lockEntity(db: Db, entityId: string): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.id, entityId)).for("update");
  return row;
}

/** Inserts the entities whose ids are new; answers the ids inserted. */
export async function insertEntities(db: Db, rows: readonly NewEntity[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(entities)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: entities.id });
  return new Set(inserted.map((row) => row.id));
}

export async function updateEntity(
  db: Db,
  entityId: string,
  changes: Pick<EntityRow, "label" | "properties" | "version" | "conflict"> &
    Partial<Pick<EntityRow, "latitude" | "longitude">>,
): Promise<void> {
  await db
    .update(entities)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(entities.id, entityId));
}

export async function insertEntityVersions(db: Db, rows: readonly NewEntityVersion[]): Promise<void> {
  if (rows.length > 0) await db.insert(entityVersions).values([...rows]);
}

export async function listEntityVersions(db: Db, entityId: string): Promise<EntityVersionRow[]> {
  return db
    .select()
    .from(entityVersions)
    .where(eq(entityVersions.entityId, entityId))
    .orderBy(asc(entityVersions.version));
}

/** Replaces a list's properties (an import adds the ones its form saves); entities keep their values. */
export async function updateEntityListProperties(
  db: Db,
  listId: string,
  properties: EntityListRow["properties"],
): Promise<void> {
  await db.update(entityLists).set({ properties, updatedAt: new Date() }).where(eq(entityLists.id, listId));
}

/** An entity's version by number: what a change made, for its webhook. */
export interface EntityVersionRef {
  entityId: string;
  version: number;
}

export async function findEntityWithVersion(
  db: Db,
  entityId: string,
  version: number,
): Promise<{ entity: EntityRow; list: EntityListRow; version: EntityVersionRow } | undefined> {
  const [row] = await db
    .select({ entity: entities, list: entityLists, version: entityVersions })
    .from(entityVersions)
    .innerJoin(entities, eq(entities.id, entityVersions.entityId))
    .innerJoin(entityLists, eq(entityLists.id, entities.listId))
    .where(and(eq(entityVersions.entityId, entityId), eq(entityVersions.version, version)));
  return row;
}
