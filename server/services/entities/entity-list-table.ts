import type { Db } from "../../db/client.ts";
import { findEntityList, listEntities } from "../../db/queries/entities.ts";
import { entityListTable, type EntityListTable } from "../../../shared/entities/entity-table.ts";
import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";

function escaped(text: string): string {
  return text.replace(/[-\\^$*+?.()|[\]{}]/g, "\\$&");
}

/**
 * The form's entity list as the table its expressions read (`instance('trees')/…`, `pulldata('trees', …)`), the
 * entities as the server has them now; none when the form has no list or no expression reads it, so other forms
 * never pay for loading a list.
 */
export async function loadEntityListTable(
  db: Db,
  action: EntityAction | null,
  fields: readonly { config: unknown }[],
): Promise<EntityListTable | undefined> {
  const list = action ? await findEntityList(db, action.listId) : undefined;
  if (!list) return undefined;
  const reads = new RegExp(`(instance|pulldata)\\(\\s*['"]${escaped(list.name)}(\\.csv)?['"]`, "i");
  if (!fields.some((field) => reads.test(JSON.stringify(field.config ?? {})))) return undefined;
  return entityListTable(list, await listEntities(db, list.id));
}
