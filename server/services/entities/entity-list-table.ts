import type { Db } from "../../db/client.ts";
import { findEntityList, listEntities, listEntitiesByIds } from "../../db/queries/entities.ts";
import { entityListTable, type EntityListTable } from "../../../shared/entities/entity-table.ts";
import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";
import type { FormLogicField } from "../../../shared/fields/field-config.ts";
import { entityListReads } from "./entity-list-reads.ts";

/**
 * The form's entity list as the table its expressions read (`instance('trees')/…`, `pulldata('trees', …)`), the
 * entities as the server has them now; none when the form has no list or no expression reads it, so other forms
 * never pay for loading a list. A form that reads entities only by the id a question answers (ODK's follow-up
 * lookups) gets only those of `answeredIds`, the ids its records' answers hold: a batch costs what it names, not the
 * size of the list.
 */
export async function loadEntityListTable(
  db: Db,
  action: EntityAction | null,
  fields: readonly FormLogicField[],
  answeredIds: ReadonlySet<string>,
): Promise<EntityListTable | undefined> {
  const list = action ? await findEntityList(db, action.listId) : undefined;
  if (!list) return undefined;
  const reads = entityListReads(list.name, fields);
  if (reads === "none") return undefined;
  const rows =
    reads === "all" ? await listEntities(db, list.id) : await listEntitiesByIds(db, list.id, [...answeredIds]);
  return entityListTable(list, rows);
}
