import { NESTING_DEPTH_MAX } from "../../../shared/fields/field-config.ts";
import type { FieldType } from "../../../shared/fields/field-types.ts";
import { isMediaFieldType } from "../../../shared/fields/media-rules.ts";
import { readMediaColumns } from "./xlsform-media.ts";
import { TABLE_FILE_NAME_PATTERN } from "../../../shared/form-files/form-files.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { choiceParameters, importedAppearance } from "./xlsform-appearance.ts";
import { CAMPO_SETTINGS_KEYS, CONTACT_TYPES, contactConstraint, type ContactType } from "./campo-columns.ts";
import { takeBounds } from "./number-bounds.ts";
import type { ChoiceList } from "./xlsform-choices.ts";
import { externalType } from "./xlsform-external-types.ts";
import { canonicalType } from "./xlsform-aliases.ts";
import { isDroppedMetadata } from "./xlsform-device-metadata.ts";
import { resolveTextColumns, type TextColumn, type TextColumns } from "./xlsform-languages.ts";
import { otherTextOf } from "./xlsform-other-text.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";
import { metadataKindOf, parseRangeParameters, rangeStyleOf } from "./xlsform-question-types.ts";

/** The expressions of a row, still in XPath: translated once every field's name is known. */
export interface RawExpressions {
  relevant?: string;
  constraint?: string;
  calculation?: string;
  default?: string;
  choice_filter?: string;
  repeat_count?: string;
  /** A `required` that is neither yes nor no: the condition under which the answer is required. */
  required?: string;
  trigger?: string;
}

/** A survey row on its way to becoming a Campo field. */
export interface PendingField {
  row: number;
  fieldType: FieldType;
  name: string;
  label: string;
  parentName: string | null;
  config: Record<string, unknown>;
  expressions: RawExpressions;
  /** The choice list a select draws from, for expression translation and for placing option errors. */
  list?: ChoiceList;
  /** Whether the row asked for one page per group (`field-list`). */
  fieldList: boolean;
}

export interface SurveyResult {
  fields: PendingField[];
  issues: XlsFormIssue[];
  /** What was left out on the way (metadata a browser cannot record), for the importer to be told. */
  notes: XlsFormIssue[];
  texts: TextColumns;
}

/** Columns whose meaning Campo has no twin for; a non-blank cell there is reported rather than dropped. */
const UNSUPPORTED_COLUMNS = ["repeat_count"] as const;

const ANSWER_TYPES: Readonly<Record<string, FieldType>> = {
  text: "text",
  integer: "number",
  decimal: "number",
  date: "date",
  time: "time",
  geopoint: "gps",
  geotrace: "line",
  geoshape: "area",
  image: "photo",
  audio: "audio",
  video: "video",
  file: "file",
  note: "note",
  calculate: "calculation",
  phone_number: "phone",
  acknowledge: "acknowledge",
  datetime: "datetime",
  range: "range",
  barcode: "barcode",
  hidden: "hidden",
};

interface OpenGroup {
  name: string;
  row: number;
  kind: "group" | "repeat";
}

function textsOf(row: SheetRow, columns: Partial<Record<TextColumn, string>>) {
  const read = (column: TextColumn) => {
    const key = columns[column];
    return key === undefined ? undefined : cell(row, key) || undefined;
  };
  return {
    label: read("label"),
    description: read("hint"),
    constraintMessage: read("constraint_message"),
    requiredMessage: read("required_message"),
  };
}

function translationsOf(row: SheetRow, texts: TextColumns) {
  const entries = Object.entries(texts.translations).flatMap(([language, columns]) => {
    const values = Object.fromEntries(Object.entries(textsOf(row, columns)).filter(([, value]) => value !== undefined));
    return Object.keys(values).length > 0 ? [[language, values] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** `type` as pyxform reads it: lower case words, `begin_group` = `begin group`. */
function typeWords(type: string): string[] {
  return type
    .trim()
    .replace(/_(group|repeat)$/i, " $1")
    .split(/\s+/);
}

const REQUIRED_YES = new Set(["yes", "true", "true()", "1"]);
const REQUIRED_NO = new Set(["no", "false", "false()", "0", ""]);

/**
 * Walks the survey sheet: each row becomes a pending field, groups become sections and repeats (nested up to
 * NESTING_DEPTH_MAX), and
 * every row Campo cannot represent becomes an issue at its sheet, row and column.
 */
export function readSurvey(
  survey: Sheet,
  { choices: lists, external }: ChoiceLists,
  defaultLanguage: string | undefined,
): SurveyResult {
  const texts = resolveTextColumns(survey, defaultLanguage);
  const fields: PendingField[] = [];
  const issues: XlsFormIssue[] = [];
  const notes: XlsFormIssue[] = [];
  const open: OpenGroup[] = [];
  const issue = (row: number, column: string, key: string, params?: XlsFormIssue["params"]) =>
    issues.push({ sheet: "survey", row, column, key: `xlsform:issues.${key}`, ...(params ? { params } : {}) });

  for (const row of survey.rows) {
    const type = cell(row, "type");
    if (type === "") continue;
    const [first = "", second, ...rest] = typeWords(canonicalType(type));
    const word = first.toLowerCase();
    const name = cell(row, "name");

    // `end` alone is metadata (when the form was finished); `end group` / `end_repeat` close.
    if (word === "end" && second !== undefined) {
      const kind = second?.toLowerCase();
      const closing = open.pop();
      if (!closing || closing.kind !== kind) issue(row.row, "type", "unmatchedEnd", { type });
      continue;
    }
    const metadataKind = second === undefined ? metadataKindOf(word) : undefined;
    if (second === undefined && isDroppedMetadata(word)) {
      notes.push({
        sheet: "survey",
        row: row.row,
        column: "type",
        key: "xlsform:issues.metadataDropped",
        params: { type },
      });
      continue;
    }

    for (const column of UNSUPPORTED_COLUMNS) {
      if (column === "repeat_count" && word === "begin") continue;
      if (cell(row, column) !== "") issue(row.row, survey.headers.get(column) ?? column, "unsupportedColumn");
    }

    const kind = resolveType(word, second, rest, row, { choices: lists, external }, issue);
    if (kind === null) continue;
    const container = open[open.length - 1];
    if (kind.fieldType === "section" || kind.fieldType === "repeat") {
      if (container && open.length >= NESTING_DEPTH_MAX)
        issue(row.row, "type", "nestedGroup", { type, parent: container.name, max: NESTING_DEPTH_MAX });
      open.push({ name, row: row.row, kind: kind.fieldType === "section" ? "group" : "repeat" });
    }
    const main = textsOf(row, texts.main);
    const writtenAppearance = cell(row, "appearance");
    const appearance = writtenAppearance.toLowerCase();
    const campoType = cell(row, "campo_type").toLowerCase();
    const fieldType = campoTypeOverride(kind.fieldType, campoType, appearance);
    const config = baseConfig(main, translationsOf(row, texts));
    if (kind.choicesFile !== undefined) Object.assign(config, { options: [], choicesFile: kind.choicesFile });
    const expressions: RawExpressions = {};
    const relevant = cell(row, "relevant");
    if (relevant !== "") expressions.relevant = relevant;

    if (isAnswered(fieldType)) {
      const required = cell(row, "required");
      if (!REQUIRED_NO.has(required.toLowerCase())) config.required = true;
      if (config.required && !REQUIRED_YES.has(required.toLowerCase())) expressions.required = required;
      if (main.requiredMessage) config.requiredMessage = main.requiredMessage;
      if (main.constraintMessage) config.constraintMessage = main.constraintMessage;
      const written = stripContactConstraint(fieldType, cell(row, "constraint"));
      const constraint =
        fieldType === "number"
          ? takeBounds(written, main.constraintMessage !== undefined, cell(row, "campo_settings"), config)
          : written;
      if (constraint !== "") expressions.constraint = constraint;
      const defaultValue = cell(row, "default");
      if (defaultValue !== "") expressions.default = defaultValue;
    }
    if (fieldType === "calculation") expressions.calculation = cell(row, "calculation");
    readTrigger(row, fieldType, expressions);
    const choiceFilter = cell(row, "choice_filter");
    if (choiceFilter !== "") expressions.choice_filter = choiceFilter;
    if (fieldType === "text") config.format = appearance.split(/\s+/).includes("multiline") ? "textarea" : "plain";
    if (fieldType === "number") config.format = word === "integer" ? "integer" : "decimal";
    if (fieldType === "metadata") config.kind = metadataKind;
    if (fieldType === "range") {
      const parameters = parseRangeParameters(cell(row, "parameters"));
      if (parameters === null) issue(row.row, survey.headers.get("parameters") ?? "parameters", "invalidParameters");
      Object.assign(config, parameters, { style: rangeStyleOf(appearance.split(/\s+/)) });
    }
    if (fieldType === "repeat") readRepeatCount(row, config, expressions);
    if (isMediaFieldType(fieldType))
      readMediaColumns(row, fieldType, config, (column, key, params) =>
        issue(row.row, survey.headers.get(column) ?? column, key, params),
      );
    if (kind.accept && config.accept === undefined) config.accept = [...kind.accept];
    if (!readCampoSettings(row, fieldType, config)) issue(row.row, "campo_settings", "invalidCampoSettings");
    const kept = importedAppearance(fieldType, writtenAppearance);
    if (kept !== undefined) config.appearance = kept;
    if (kind.orOther) config.orOther = true;
    if (kind.list && fieldType !== "yes_no") {
      const parameters = choiceParameters(cell(row, "parameters"));
      if (parameters === null)
        issue(row.row, survey.headers.get("parameters") ?? "parameters", "invalidChoiceParameters");
      else Object.assign(config, parameters);
    }

    const field: PendingField = {
      row: row.row,
      fieldType,
      name,
      label: main.label ?? name,
      parentName: container?.name ?? null,
      config,
      expressions,
      ...(kind.list && fieldType !== "yes_no" ? { list: kind.list } : {}),
      fieldList: appearance.split(/\s+/).includes("field-list"),
    };
    fields.push(field);
    if (kind.orOther) fields.push(otherTextOf(field, texts));
  }
  for (const unclosed of open) issue(unclosed.row, "type", "unclosedGroup", { name: unclosed.name });
  return { fields, issues, notes, texts };
}

/** `select_one_from_file cities.csv`: options from an attached CSV or GeoJSON (not XML, which Campo does not read). */
function fileSelect(
  word: string,
  second: string | undefined,
  rest: readonly string[],
): { fieldType: FieldType; choicesFile: string } | "unsupported" | null {
  if (word !== "select_one_from_file" && word !== "select_multiple_from_file") return null;
  if (second === undefined || rest.length > 0 || !TABLE_FILE_NAME_PATTERN.test(second)) return "unsupported";
  return { fieldType: word === "select_one_from_file" ? "single_choice" : "multiple_choice", choicesFile: second };
}

type IssueAt = (row: number, column: string, key: string, params?: XlsFormIssue["params"]) => void;

/** The lists of the choices sheet, and of the external_choices sheet that `select_one_external` reads. */
export interface ChoiceLists {
  choices: ReadonlyMap<string, ChoiceList>;
  external: ReadonlyMap<string, ChoiceList>;
}

function resolveType(
  word: string,
  second: string | undefined,
  rest: readonly string[],
  row: SheetRow,
  allLists: ChoiceLists,
  issue: IssueAt,
): {
  fieldType: FieldType;
  list?: ChoiceList;
  orOther?: boolean;
  choicesFile?: string;
  accept?: readonly string[];
} | null {
  const type = cell(row, "type");
  const lists = allLists.choices;
  const external = externalType(word, second, rest, allLists);
  if (external && "problem" in external) {
    if (external.problem === "unknownList") issue(row.row, "type", "unknownList", { list: external.list });
    else issue(row.row, "type", "unsupportedType", { type });
    return null;
  }
  if (external) return external;
  const fromFile = fileSelect(word, second, rest);
  if (fromFile === "unsupported") {
    issue(row.row, "type", "unsupportedType", { type });
    return null;
  }
  if (fromFile) return fromFile;
  if (word === "begin" && second?.toLowerCase() === "group") return { fieldType: "section" };
  if (word === "begin" && second?.toLowerCase() === "repeat") return { fieldType: "repeat" };
  if (metadataKindOf(word) !== undefined && second === undefined) return { fieldType: "metadata" };
  if (word === "select_one" || word === "select_multiple" || word === "rank") {
    if (second === undefined) {
      issue(row.row, "type", "missingListName", { type });
      return null;
    }
    const orOther = rest.length === 1 && rest[0]?.toLowerCase() === "or_other";
    if (rest.length > 0 && !orOther) {
      issue(row.row, "type", "unsupportedType", { type });
      return null;
    }
    const list = lists.get(second);
    if (!list) {
      issue(row.row, "type", "unknownList", { list: second });
      return null;
    }
    return {
      fieldType: word === "select_one" ? "single_choice" : word === "rank" ? "rank" : "multiple_choice",
      list,
      ...(orOther ? { orOther } : {}),
    };
  }
  const fieldType = second === undefined ? ANSWER_TYPES[word] : undefined;
  if (fieldType === undefined) {
    issue(row.row, "type", "unsupportedType", { type });
    return null;
  }
  return { fieldType };
}

/** Types without an XLSForm twin come back from Campo's own exports as the type they were. */
function campoTypeOverride(fieldType: FieldType, campoType: string, appearance: string): FieldType {
  if (fieldType === "text" && (CONTACT_TYPES as readonly string[]).includes(campoType)) return campoType as ContactType;
  if (fieldType === "single_choice" && campoType === "yes_no") return "yes_no";
  if (fieldType === "photo" && appearance.split(/\s+/).includes("signature")) return "signature";
  return fieldType;
}

function isAnswered(fieldType: FieldType): boolean {
  return !["note", "section", "repeat", "calculation", "metadata"].includes(fieldType);
}

function baseConfig(
  main: ReturnType<typeof textsOf>,
  translations: ReturnType<typeof translationsOf>,
): Record<string, unknown> {
  return {
    ...(main.description ? { description: main.description } : {}),
    ...(translations ? { translations } : {}),
  };
}

/** The regex constraint Campo's export adds to e-mail, phone and URL fields for other tools goes on import. */
function stripContactConstraint(fieldType: FieldType, constraint: string): string {
  if (!(CONTACT_TYPES as readonly string[]).includes(fieldType)) return constraint;
  const own = contactConstraint(fieldType as ContactType);
  if (constraint === own) return "";
  const prefix = `${own} and (`;
  return constraint.startsWith(prefix) && constraint.endsWith(")") ? constraint.slice(prefix.length, -1) : constraint;
}

/** A fixed `repeat_count` is both the least and the most entries; a computed one becomes the repeat's count rule. */
function readRepeatCount(row: SheetRow, config: Record<string, unknown>, expressions: RawExpressions): void {
  const count = cell(row, "repeat_count");
  if (count === "") return;
  if (!/^\d+$/.test(count)) {
    expressions.repeat_count = count;
    return;
  }
  config.minCount = Number(count);
  config.maxCount = Number(count);
}

/** `campo_settings`: the JSON of Campo-only options (number format and bounds, photo capture, repeat counts). */
function readCampoSettings(row: SheetRow, fieldType: FieldType, config: Record<string, unknown>): boolean {
  const text = cell(row, "campo_settings");
  if (text === "") return true;
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) return false;
  const allowed: readonly string[] = CAMPO_SETTINGS_KEYS[fieldType] ?? [];
  for (const [key, value] of Object.entries(settings)) {
    if (!allowed.includes(key)) return false;
    config[key] = value;
  }
  return true;
}

/**
 * `trigger`: the value is set from `calculation` when the named question changes (shared/forms/triggers.ts). A
 * question's calculation counts only with a trigger; on a group, a note or a repeat, which hold no value, it is
 * dropped as ODK does nothing with it there.
 */
function readTrigger(row: SheetRow, fieldType: FieldType, expressions: RawExpressions): void {
  const trigger = cell(row, "trigger");
  if (trigger === "" || !(isAnswered(fieldType) || fieldType === "calculation")) return;
  expressions.trigger = trigger;
  const calculation = cell(row, "calculation");
  if (fieldType !== "calculation" && calculation !== "") expressions.calculation = calculation;
}
