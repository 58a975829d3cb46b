import type { FormTableData, FormTables } from "../expressions/form-table.ts";
import { formTable } from "../form-files/form-tables.ts";
import type { EntityValues } from "./entity-schemas.ts";

/** An entity list as the table ODK hands a form: `name` (the entity's id), `label`, `__version`, then each property. */
export interface EntityListTable {
  name: string;
  data: FormTableData;
}

export function entityListTable(
  list: { name: string; properties: readonly { name: string }[] },
  entities: readonly { id: string; label: string; version: number; properties: EntityValues }[],
): EntityListTable {
  const properties = list.properties.map((property) => property.name);
  return {
    name: list.name,
    data: {
      columns: ["name", "label", "__version", ...properties],
      rows: entities.map((entity) => [
        entity.id,
        entity.label,
        String(entity.version),
        ...properties.map((property) => {
          const value = entity.properties[property];
          return value === null || value === undefined ? "" : String(value);
        }),
      ]),
    },
  };
}

/**
 * The form's tables with its entity list readable as ODK reads it (`instance('trees')/root/item[name=${tree}]/height`),
 * the same way on the phone and in the server's sync. A file attached under that name comes first.
 */
export function withEntityList(tables: FormTables, list: EntityListTable | undefined): FormTables {
  if (!list) return tables;
  const names = new Set([list.name.toLowerCase(), `${list.name.toLowerCase()}.csv`]);
  return (name) => tables(name) ?? (names.has(name.toLowerCase()) ? formTable(list.data) : undefined);
}
