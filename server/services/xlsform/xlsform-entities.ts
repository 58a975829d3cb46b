import { uniqueFieldName } from "../../../shared/fields/field-config.ts";
import { entityActionFields } from "../../../shared/entities/entity-action-fields.ts";
import {
  entityPropertyNameSchema,
  type EntityAction,
  type EntityProperty,
  type EntityPropertyType,
} from "../../../shared/entities/entity-schemas.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { parseExpression } from "../../../shared/expressions/index.ts";
import { xpathToCampo, type ExpressionField } from "./expression-translation.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";
import type { PendingField } from "./xlsform-survey.ts";

/** A form's action before its list has an id (the list is found or created when the application is). */
type ImportedEntityAction = {
  [K in EntityAction["kind"]]: Omit<Extract<EntityAction, { kind: K }>, "listId">;
}[EntityAction["kind"]];

/** What a form's `entities` sheet, `save_to` column and entity-list selects ask of Campo. */
export interface XlsFormEntities {
  /** The entity list, by name among the owner's (created when the owner has none of that name). */
  listName: string;
  /** The properties the form saves, typed by the questions saving them. */
  properties: EntityProperty[];
  action: ImportedEntityAction;
}

interface EntityReading {
  issues: XlsFormIssue[];
  notes: XlsFormIssue[];
  /** Its action's `condition` is still the sheet's XPath until `translateEntityCondition` runs. */
  entities?: XlsFormEntities;
  /** The cell the condition came from. */
  conditionAt?: { row: number; column: ConditionColumn };
  /** A calculation added to hold the label an expression builds (Campo labels an entity by one question). */
  labelField?: PendingField;
}

/** The property that places an entity on the map in ODK: a create's gps question (Campo's `geometryField`). */
export const GEOMETRY_PROPERTY = "geometry";
const LABEL_FIELD_NAME = "entity_label";
type ConditionColumn = "create_if" | "update_if";

/** ODK's entity list names: XML names, without a period or a leading `__` (pyxform's validate_dataset_name). */
const LIST_NAME = /^[\p{L}_][\p{L}\p{N}_-]*$/u;
const REFERENCE = /^\$\{([^}\s]+)\}$/;
const CONTAINER_TYPE = /^(begin|end)[\s_]+(group|repeat)$/i;

function propertyTypeOf(field: PendingField): EntityPropertyType {
  if (field.fieldType === "number" || field.fieldType === "range") return "number";
  if (field.fieldType === "date") return "date";
  return "text";
}

/** `trees.csv` → `trees`: the list a `select_one_from_file` reads, when it reads a CSV. */
function listOfChoicesFile(field: PendingField): string | undefined {
  if (field.fieldType !== "single_choice") return undefined;
  const file = field.config.choicesFile;
  return typeof file === "string" && /\.csv$/i.test(file) ? file.slice(0, -4) : undefined;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The declaration row of the entities sheet (Campo keeps one list per form). */
interface Declaration {
  row: SheetRow;
  listName: string;
}

/**
 * Reads the XLSForm's entities (ODK's entities spec, as pyxform checks it) into Campo's form action, turning the
 * selects that read the list (`select_one_from_file <list>.csv`, ODK's way to choose an entity) into `entity`
 * questions. `ownerLists` names the owner's entity lists: a select reads a list only when the owner has it or the
 * sheet updates it, otherwise it stays a choice from an attached file. Mutates the converted fields.
 */
export function readEntities(
  sheet: Sheet | undefined,
  survey: Sheet,
  fields: PendingField[],
  ownerLists: readonly string[],
): EntityReading {
  const issues: XlsFormIssue[] = [];
  const notes: XlsFormIssue[] = [];
  const at = (sheetName: "entities" | "survey", row: number, column: string, key: string, params?: object) => ({
    sheet: sheetName,
    row,
    column,
    key: `xlsform:issues.${key}`,
    ...(params ? { params: params as XlsFormIssue["params"] } : {}),
  });
  const declaration = readDeclaration(sheet, issues, at);
  const entityId = declaration ? cell(declaration.row, "entity_id") : "";
  const updates = declaration !== undefined && entityId !== "";

  // The list the form's selects may pick from: the sheet's, else the first owner list a select reads.
  const formList =
    declaration?.listName ??
    fields.map(listOfChoicesFile).find((list) => list !== undefined && ownerLists.some((name) => sameName(name, list)));
  const listKnown = formList !== undefined && (updates || ownerLists.some((name) => sameName(name, formList)));
  const pickers = listKnown
    ? fields.filter((field) => {
        const list = listOfChoicesFile(field);
        return list !== undefined && sameName(list, formList);
      })
    : [];
  for (const field of pickers) toEntityQuestion(field, survey, notes, at);

  const saves = readSaves(survey, fields, declaration, { issues, notes }, at);
  if (!declaration) {
    const [picker] = entityActionFields(pickers);
    if (!picker || formList === undefined || issues.length > 0) return { issues, notes };
    return {
      issues,
      notes,
      entities: { listName: formList, properties: [], action: { kind: "update", entityField: picker.name, saves: {} } },
    };
  }

  const { row } = declaration;
  // Campo's action either creates or updates, never both (ODK's upsert): an update form's create_if has no place.
  const conditionColumn: ConditionColumn = updates ? "update_if" : "create_if";
  const condition = cell(row, conditionColumn);
  const conditioned = condition === "" ? {} : { condition };
  const conditionAt = condition === "" ? {} : { conditionAt: { row: row.row, column: conditionColumn } };
  if (updates && cell(row, "create_if") !== "")
    notes.push(at("entities", row.row, "create_if", "entityCreateIfOnUpdate"));
  const label = cell(row, "label");
  if (cell(row, "update_if") !== "" && !updates)
    issues.push(at("entities", row.row, "update_if", "entityIdMissing", { list: declaration.listName }));
  if (!updates && label === "")
    issues.push(at("entities", row.row, "label", "entityLabelMissing", { list: declaration.listName }));
  if (issues.length > 0) return { issues, notes };

  const properties = saves.properties;
  if (updates) {
    // `${tree}`, or an expression of that one question (`coalesce(${feature}, uuid())`, an upsert's id).
    const named = new Set([...entityId.matchAll(/\$\{([^}\s]+)\}/g)].map((match) => match[1]));
    const [only] = named;
    const picker = named.size === 1 ? entityActionFields(pickers).find((field) => field.name === only) : undefined;
    if (!picker) {
      issues.push(at("entities", row.row, "entity_id", "entityIdUnsupported", { list: declaration.listName }));
      return { issues, notes };
    }
    if (!REFERENCE.test(entityId))
      notes.push(at("entities", row.row, "entity_id", "entityIdSimplified", { name: picker.name }));
    if (label !== "") notes.push(at("entities", row.row, "label", "entityLabelNotUpdated"));
    return {
      issues,
      notes,
      entities: {
        listName: declaration.listName,
        properties,
        action: { kind: "update", entityField: picker.name, saves: saves.byProperty, ...conditioned },
      },
      ...conditionAt,
    };
  }

  const { [GEOMETRY_PROPERTY]: geometryField, ...createSaves } = saves.byProperty;
  const placed =
    geometryField !== undefined && fields.find((field) => field.name === geometryField)?.fieldType === "gps";
  const labelled = labelFieldOf(label, fields, row.row);
  return {
    issues,
    notes,
    entities: {
      listName: declaration.listName,
      properties: placed ? properties.filter((property) => property.name !== GEOMETRY_PROPERTY) : properties,
      action: {
        kind: "create",
        labelField: labelled.name,
        ...(placed ? { geometryField } : {}),
        saves: placed ? createSaves : saves.byProperty,
        ...conditioned,
      },
    },
    ...(labelled.added ? { labelField: labelled.added } : {}),
    ...conditionAt,
  };
}

/**
 * The action's condition from the sheet's XPath into Campo's expression language, as the survey's expressions are
 * translated; what does not translate or parse is an issue at its cell.
 */
export function translateEntityCondition(
  reading: EntityReading,
  fields: ReadonlyMap<string, ExpressionField>,
): XlsFormIssue[] {
  const action = reading.entities?.action;
  const at = reading.conditionAt;
  if (action?.condition === undefined || !at) return [];
  const cellOf = (key: string, params?: Record<string, string | number>): XlsFormIssue => ({
    sheet: "entities",
    row: at.row,
    column: at.column,
    key,
    ...(params ? { params } : {}),
  });
  const translated = xpathToCampo(action.condition, { fields });
  if (!translated.ok) return translated.issues.map((issue) => cellOf(`xlsform:issues.${issue.key}`, issue.params));
  const parsed = parseExpression(translated.text);
  if (!parsed.ok) return [cellOf(`expressions:${parsed.error.key}`, parsed.error.params)];
  action.condition = translated.text;
  return [];
}

type IssueAt = (
  sheet: "entities" | "survey",
  row: number,
  column: string,
  key: string,
  params?: object,
) => XlsFormIssue;

function readDeclaration(sheet: Sheet | undefined, issues: XlsFormIssue[], at: IssueAt): Declaration | undefined {
  const [row, ...more] = sheet?.rows ?? [];
  if (!row) return undefined;
  for (const extra of more) issues.push(at("entities", extra.row, "list_name", "entityListsMany"));
  // pyxform reads `dataset`, the column's first name, as `list_name`.
  const listName = cell(row, "list_name") || cell(row, "dataset");
  if (listName === "") issues.push(at("entities", row.row, "list_name", "entityListMissing"));
  else if (!LIST_NAME.test(listName) || listName.startsWith("__"))
    issues.push(at("entities", row.row, "list_name", "entityListInvalid", { list: listName }));
  return listName === "" ? undefined : { row, listName };
}

/**
 * ODK's property names are XML names (`marker-color`); Campo's are question names, so the characters they lack
 * become `_`, as the import renames questions (xlsform-names.ts).
 */
function campoPropertyName(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, "_").replace(/^(?=[0-9])/, "_");
}

/** Each `save_to` cell checked as pyxform checks it, and the property → question map it builds. */
function readSaves(
  survey: Sheet,
  fields: readonly PendingField[],
  declaration: Declaration | undefined,
  { issues, notes }: { issues: XlsFormIssue[]; notes: XlsFormIssue[] },
  at: IssueAt,
): { byProperty: Record<string, string>; properties: EntityProperty[] } {
  const column = survey.headers.get("save_to") ?? "save_to";
  const byProperty: Record<string, string> = {};
  const properties: EntityProperty[] = [];
  const rowOf = new Map<string, number>();
  const answeredOnce = new Set(entityActionFields(fields).map((field) => field.name));
  for (const row of survey.rows) {
    const written = cell(row, "save_to");
    if (written === "") continue;
    const issue = (key: string, params?: object) => issues.push(at("survey", row.row, column, key, params));
    if (!declaration) {
      issue("saveToWithoutEntities");
      continue;
    }
    if (CONTAINER_TYPE.test(cell(row, "type"))) {
      issue("saveToOnGroup");
      continue;
    }
    const parts = written.split("#");
    const odkName = parts[parts.length - 1] ?? "";
    if (parts.length > 2 || (parts.length === 2 && !sameName(parts[0] ?? "", declaration.listName))) {
      issue("saveToOtherList", { list: declaration.listName });
      continue;
    }
    const property = campoPropertyName(odkName);
    if (!entityPropertyNameSchema.safeParse(property).success) {
      issue("saveToInvalid", { property: odkName });
      continue;
    }
    if (property !== odkName)
      notes.push(at("survey", row.row, column, "savePropertyRenamed", { from: odkName, to: property }));
    const field = fields.find((candidate) => candidate.row === row.row);
    if (!field) continue;
    if (!answeredOnce.has(field.name)) {
      issue("saveToInRepeat");
      continue;
    }
    const other = rowOf.get(property.toLowerCase());
    if (other !== undefined) {
      issue("saveToDuplicate", { property, row: other });
      continue;
    }
    rowOf.set(property.toLowerCase(), row.row);
    byProperty[property] = field.name;
    properties.push({ name: property, type: propertyTypeOf(field) });
  }
  return { byProperty, properties };
}

/** A select of the list becomes the question that picks an entity; what only a choice list reads is left with a note. */
function toEntityQuestion(field: PendingField, survey: Sheet, notes: XlsFormIssue[], at: IssueAt): void {
  field.fieldType = "entity";
  delete field.list;
  for (const key of ["options", "choicesFile", "randomize", "randomSeed", "appearance", "optionProperties"])
    delete field.config[key];
  if (field.expressions.choice_filter !== undefined) {
    delete field.expressions.choice_filter;
    const column = survey.headers.get("choice_filter") ?? "choice_filter";
    notes.push(at("survey", field.row, column, "entityChoiceFilterDropped"));
  }
}

/** The question that labels created entities: the one `${name}` names, else a calculation of the label's expression. */
function labelFieldOf(
  label: string,
  fields: readonly PendingField[],
  row: number,
): { name: string; added?: PendingField } {
  const named = REFERENCE.exec(label)?.[1];
  if (named !== undefined && entityActionFields(fields).some((field) => field.name === named)) return { name: named };
  const name = uniqueFieldName(LABEL_FIELD_NAME, new Set(fields.map((field) => field.name)));
  return {
    name,
    added: {
      row,
      fieldType: "calculation",
      name,
      label: name,
      parentName: null,
      config: {},
      expressions: { calculation: label },
      fieldList: false,
    },
  };
}
