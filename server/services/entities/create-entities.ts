import type { Db } from "../../db/client.ts";
import { insertEntities, insertEntityVersions, type NewEntityVersion } from "../../db/queries/entities.ts";
import type { EntityPoint, EntityValues } from "../../../shared/entities/entity-schemas.ts";

/** A new entity and who makes it: a record (its id in `submissionId`), an upload or the API. */
export interface NewEntityInput {
  id: string;
  listId: string;
  label: string;
  properties: EntityValues;
  location: EntityPoint | null;
  stamp: Pick<NewEntityVersion, "source" | "submissionId" | "applicationId" | "actorId">;
}

/**
 * Inserts the entities whose ids are new, each with its first version; an id already taken (a resent record, a
 * concurrent upload) makes nothing. Answers the inputs that made an entity, in their order.
 */
export async function createEntities<T extends NewEntityInput>(tx: Db, inputs: readonly T[]): Promise<T[]> {
  const inserted = await insertEntities(
    tx,
    inputs.map((input) => ({
      id: input.id,
      listId: input.listId,
      label: input.label,
      properties: input.properties,
      latitude: input.location?.latitude ?? null,
      longitude: input.location?.longitude ?? null,
    })),
  );
  const made = inputs.filter((input) => inserted.has(input.id));
  await insertEntityVersions(
    tx,
    made.map((input) => ({
      ...input.stamp,
      entityId: input.id,
      version: 1,
      baseVersion: null,
      changes: input.properties,
      label: input.label,
      properties: input.properties,
    })),
  );
  return made;
}
