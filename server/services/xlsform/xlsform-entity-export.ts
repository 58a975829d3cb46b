import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";
import type { DesignedField } from "../../../shared/fields/field-config.ts";
import { campoToXpath, type ExpressionContext } from "./expression-translation.ts";
import { GEOMETRY_PROPERTY } from "./xlsform-entities.ts";
import type { SheetToWrite } from "./xlsform-sheets.ts";

/** A form's entity action with its list's name, as the export writes it. */
export interface ExportedEntities {
  listName: string;
  action: EntityAction;
}

/**
 * A question's entity cells: an `entity` question reads its list as ODK's follow-up forms do
 * (`select_one_from_file <list>.csv`), and a question whose answer the action saves names its property in
 * `save_to` (a create's gps question saves to ODK's `geometry`).
 */
export function entityCells(field: DesignedField, entities: ExportedEntities | undefined): Record<string, string> {
  if (!entities) return {};
  const cells: Record<string, string> = {};
  if (field.fieldType === "entity") cells.type = `select_one_from_file ${entities.listName}.csv`;
  const { action } = entities;
  const saved = Object.entries(action.saves).find(([, fieldName]) => fieldName === field.name)?.[0];
  if (saved !== undefined) cells.save_to = saved;
  else if (action.kind === "create" && action.geometryField === field.name) cells.save_to = GEOMETRY_PROPERTY;
  return cells;
}

/**
 * The `entities` sheet: the list, the label question of a create or the entity question of an update, and the
 * action's condition as the create_if or update_if XPath. An update that saves nothing only picks an entity, which
 * ODK writes without an entities sheet.
 */
export function entitiesSheet(entities: ExportedEntities | undefined, context: ExpressionContext): SheetToWrite[] {
  if (!entities) return [];
  const { action, listName } = entities;
  if (action.kind === "update" && Object.keys(action.saves).length === 0) return [];
  const row: Record<string, string> =
    action.kind === "create"
      ? { list_name: listName, label: `\${${action.labelField}}` }
      : { list_name: listName, entity_id: `\${${action.entityField}}` };
  if (action.condition !== undefined)
    row[action.kind === "create" ? "create_if" : "update_if"] = campoToXpath(action.condition, context);
  return [{ name: "entities", columns: Object.keys(row), rows: [row] }];
}
