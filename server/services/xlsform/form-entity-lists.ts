import type { Db } from "../../db/client.ts";
import {
  findEntityAction,
  findEntityList,
  listOwnerEntityLists,
  updateEntityListProperties,
} from "../../db/queries/entities.ts";
import { parseWith } from "../../lib/validation.ts";
import { entityListInputSchema, type EntityAction } from "../../../shared/entities/entity-schemas.ts";
import { createEntityList, setEntityAction } from "../entities/manage-entities.ts";
import type { XlsFormEntities } from "./xlsform-entities.ts";
import type { ExportedEntities } from "./xlsform-entity-export.ts";

/** The names of the owner's entity lists, which an imported form's selects may read. */
export async function ownerEntityListNames(db: Db, ownerId: string): Promise<string[]> {
  return (await listOwnerEntityLists(db, ownerId)).map((list) => list.name);
}

/**
 * Sets an imported form's entity action, in the transaction that creates the application: the list is the owner's
 * of that name (any case), given the properties the form saves that it lacks (their values start empty, as ODK adds
 * a property on publishing), or a new list of those properties.
 */
export async function applyImportedEntities(
  tx: Db,
  application: { id: string; ownerId: string },
  entities: XlsFormEntities,
): Promise<void> {
  const lists = await listOwnerEntityLists(tx, application.ownerId);
  const wanted = entities.listName.toLowerCase();
  let list = lists.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (!list) {
    const input = parseWith(entityListInputSchema, { name: entities.listName, properties: entities.properties });
    list = await createEntityList(tx, application.ownerId, input);
  } else {
    const known = new Set(list.properties.map((property) => property.name.toLowerCase()));
    const added = entities.properties.filter((property) => !known.has(property.name.toLowerCase()));
    if (added.length > 0) {
      const properties = parseWith(entityListInputSchema.shape.properties, [...list.properties, ...added]);
      await updateEntityListProperties(tx, list.id, properties);
    }
    // A property the list already has under another case is saved under the list's own spelling.
    const spelled = new Map(list.properties.map((property) => [property.name.toLowerCase(), property.name]));
    entities = {
      ...entities,
      action: {
        ...entities.action,
        saves: Object.fromEntries(
          Object.entries(entities.action.saves).map(([name, field]) => [
            spelled.get(name.toLowerCase()) ?? name,
            field,
          ]),
        ),
      },
    };
  }
  const action: EntityAction = { ...entities.action, listId: list.id };
  await setEntityAction(tx, application, action);
}

/** The form's entity action and its list's name, for the export; none when the form has no action. */
export async function exportedEntities(db: Db, applicationId: string): Promise<ExportedEntities | undefined> {
  const action = await findEntityAction(db, applicationId);
  const list = action ? await findEntityList(db, action.listId) : undefined;
  return action && list ? { listName: list.name, action } : undefined;
}
