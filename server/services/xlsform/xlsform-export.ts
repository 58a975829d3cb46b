import { choicesFileOf } from "../../../shared/forms/file-choices.ts";
import { optionImageOf } from "../../../shared/fields/option-images.ts";
import { optionsInText } from "../../../shared/forms/option-list-text.ts";
import { propertySetsOf } from "../../../shared/fields/option-property-sets.ts";
import {
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  type FieldType,
} from "../../../shared/fields/field-types.ts";
import { ACCEPT_COLUMN, mediaCells } from "./xlsform-media.ts";
import { entitiesSheet, entityCells, type ExportedEntities } from "./xlsform-entity-export.ts";
import { fieldNameFromLabel, uniqueFieldName, type DesignedField } from "../../../shared/fields/field-config.ts";
import { CAMPO_SETTINGS_COLUMN, CAMPO_TYPE_COLUMN, CONTACT_TYPES, contactConstraint } from "./campo-columns.ts";
import { quoted, stringValue, tokenize } from "./expression-tokens.ts";
import { languageOrder, nameMainLanguage } from "./main-language-columns.ts";
import { boundsNeedSettings, joinConstraints, numberConstraint } from "./number-bounds.ts";
import {
  campoToXpath,
  renameComparedValues,
  type ExpressionContext,
  type ExpressionField,
} from "./expression-translation.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { exportedAppearance, isOtherTextOf, parametersCell } from "./xlsform-appearance.ts";
import { xlsformLanguageName } from "./xlsform-languages.ts";
import { writeXlsFormBook, type SheetToWrite } from "./xlsform-sheets.ts";
import { isQuestionTypeField, questionTypeCells, type QuestionField } from "./xlsform-question-types.ts";

export interface ExportableForm {
  name: string;
  formVersion: number;
  sectionPages: boolean;
  /** The language of the fields' own texts; Portuguese when unknown. */
  language?: Language;
  /** The live fields in position order. */
  fields: readonly DesignedField[];
  /** The form's entity action and its list, written as the entities sheet and `save_to`. */
  entities?: ExportedEntities;
}

type Row = Record<string, string | number>;

/** Answers to a yes/no field, as the choice list Campo writes for it. */
const YES_NO_CHOICES = [
  { name: "yes", label: "Sim" },
  { name: "no", label: "Não" },
] as const;

const XLSFORM_TYPES: Readonly<Record<Exclude<FieldType, "section" | "repeat" | QuestionField["fieldType"]>, string>> = {
  text: "text",
  number: "decimal",
  date: "date",
  time: "time",
  yes_no: "select_one",
  single_choice: "select_one",
  multiple_choice: "select_multiple",
  email: "text",
  phone: "text",
  url: "text",
  signature: "image",
  photo: "image",
  audio: "audio",
  video: "video",
  file: "file",
  gps: "geopoint",
  line: "geotrace",
  area: "geoshape",
  note: "note",
  calculation: "calculate",
  // Without the form's entity list (no action), an entity question is its entity's id as text.
  entity: "text",
};

/** Option label → XLSForm choice name (a valid name, unique within its list), per choice field. */
function choiceNames(fields: readonly DesignedField[]): Map<string, Map<string, string>> {
  const result = new Map<string, Map<string, string>>();
  for (const field of fields) {
    if (field.fieldType === "yes_no")
      result.set(field.name, new Map(YES_NO_CHOICES.map((choice) => [choice.label, choice.name])));
    if (field.fieldType !== "single_choice" && field.fieldType !== "multiple_choice" && field.fieldType !== "rank")
      continue;
    const taken = new Set<string>();
    const names = new Map<string, string>();
    for (const option of field.config.options) {
      const name = uniqueFieldName(option, taken);
      taken.add(name);
      names.set(option, name);
    }
    result.set(field.name, names);
  }
  return result;
}

function expressionFields(fields: readonly DesignedField[], names: Map<string, Map<string, string>>) {
  return new Map(
    fields.map((field): [string, ExpressionField] => [
      field.name,
      {
        kind: field.fieldType === "yes_no" ? "yes_no" : names.has(field.name) ? "choice" : "other",
        options: names.get(field.name) ?? new Map(),
      },
    ]),
  );
}

/** A Campo default as XLSForm writes it: a plain value where it is one, else the translated expression. */
function defaultCell(field: DesignedField, source: string, context: ExpressionContext): string {
  const tokens = tokenize(source);
  const only = tokens.length === 1 ? tokens[0] : undefined;
  if (only?.kind === "number") return only.text;
  if (only?.kind === "name" && field.fieldType === "yes_no" && (only.text === "true" || only.text === "false"))
    return only.text === "true" ? "yes" : "no";
  if (only?.kind === "string" && field.fieldType === "multiple_choice") {
    // The labels the default lists (option-list-text.ts) are written as XLSForm's space-separated option names.
    const options = context.fields.get(field.name)?.options ?? new Map<string, string>();
    const value = stringValue(only);
    const labels = optionsInText(value, [...options.keys()]);
    const names = labels.map((label) => options.get(label));
    if (labels.length > 0 && labels.join(" ") === value.trim()) return names.join(" ");
  }
  if (only?.kind === "string" && field.fieldType !== "multiple_choice") {
    const value = stringValue(only);
    const plain =
      field.fieldType === "single_choice" ? (context.fields.get(field.name)?.options.get(value) ?? value) : value;
    // A value that reads like an expression stays quoted, so that it comes back as the same text.
    return plain.includes("${") || plain.includes("(") || /^['"]/.test(plain) ? quoted(value) : plain;
  }
  return campoToXpath(source, context);
}

/** `trigger`, and a question's `calculation` that its trigger sets (a calculate's own is written with it). */
function triggerCells(field: DesignedField, context: ExpressionContext): Row {
  const config = field.config;
  if (!("trigger" in config) || !config.trigger) return {};
  const own = field.fieldType !== "calculation" && "calculation" in config ? config.calculation : undefined;
  return {
    trigger: campoToXpath(config.trigger, context),
    ...(own === undefined ? {} : { calculation: campoToXpath(own, context) }),
  };
}

function campoSettings(field: DesignedField): string {
  const settings: Record<string, unknown> = {};
  if (field.fieldType === "number") {
    const { format, minValue, maxValue } = field.config;
    if (format !== DEFAULT_NUMBER_FORMAT && format !== "integer") settings.format = format;
    // The bounds travel in the standard `constraint` column (number-bounds.ts), here only when that is ambiguous.
    if (boundsNeedSettings(field.config)) Object.assign(settings, { minValue, maxValue });
  }
  if (field.fieldType === "photo") {
    const { captureMode, maxSize } = field.config;
    if (captureMode !== DEFAULT_CAPTURE_MODE) settings.captureMode = captureMode;
    if (maxSize !== DEFAULT_PHOTO_MAX_SIZE_MB) settings.maxSize = maxSize;
  }
  if (field.fieldType === "video" && field.config.captureMode !== DEFAULT_CAPTURE_MODE)
    settings.captureMode = field.config.captureMode;
  if (
    field.fieldType === "repeat" &&
    (field.config.minCount !== field.config.maxCount || field.config.repeatCount !== undefined)
  ) {
    const { minCount, maxCount } = field.config;
    if (minCount !== undefined) settings.minCount = minCount;
    if (maxCount !== undefined) settings.maxCount = maxCount;
  }
  return Object.keys(settings).length > 0 ? JSON.stringify(settings) : "";
}

function typeCell(field: DesignedField): string {
  if (field.fieldType === "section") return "begin group";
  if (field.fieldType === "repeat") return "begin repeat";
  if (field.fieldType === "number" && field.config.format === "integer") return "integer";
  if (isQuestionTypeField(field)) return questionTypeCells(field).type;
  const type = XLSFORM_TYPES[field.fieldType];
  const file = choicesFileOf(field);
  if (file !== undefined) return `${type}_from_file ${file}`;
  if (!type.startsWith("select_")) return type;
  const orOther = field.fieldType !== "yes_no" && "orOther" in field.config && field.config.orOther === true;
  return `${type} ${field.name}${orOther ? " or_other" : ""}`;
}

function constraintCell(field: DesignedField, context: ExpressionContext): string {
  const own =
    "constraint" in field.config && field.config.constraint ? campoToXpath(field.config.constraint, context) : "";
  if (field.fieldType === "number") return numberConstraint(field.config, own);
  if (!(CONTACT_TYPES as readonly string[]).includes(field.fieldType)) return own;
  return joinConstraints([contactConstraint(field.fieldType as (typeof CONTACT_TYPES)[number])], own);
}

function surveyRow(field: DesignedField, form: ExportableForm, context: ExpressionContext): Row {
  const config = field.config;
  const self: ExpressionContext = { ...context, self: field.name };
  const row: Row = {
    type: typeCell(field),
    name: field.name,
    label: field.label,
    appearance: exportedAppearance(field, form.sectionPages),
    parameters: parametersCell(field),
    [CAMPO_SETTINGS_COLUMN]: campoSettings(field),
    ...mediaCells(field),
  };
  if (field.fieldType === "yes_no" || (CONTACT_TYPES as readonly string[]).includes(field.fieldType))
    row[CAMPO_TYPE_COLUMN] = field.fieldType;
  if (config.description) row.hint = config.description;
  if (config.relevant) row.relevant = campoToXpath(config.relevant, context);
  for (const [language, texts] of Object.entries(config.translations ?? {})) {
    const column = xlsformLanguageName(language as Language);
    if (texts.label) row[`label::${column}`] = texts.label;
    if (texts.description) row[`hint::${column}`] = texts.description;
    if (texts.constraintMessage) row[`constraint_message::${column}`] = texts.constraintMessage;
    if (texts.requiredMessage) row[`required_message::${column}`] = texts.requiredMessage;
  }
  row.constraint = constraintCell(field, self);
  if ("required" in config && config.required)
    row.required = config.requiredWhen ? campoToXpath(config.requiredWhen, context) : "yes";
  if ("requiredMessage" in config && config.requiredMessage) row.required_message = config.requiredMessage;
  if ("constraintMessage" in config && config.constraintMessage) row.constraint_message = config.constraintMessage;
  if ("defaultValue" in config && config.defaultValue) row.default = defaultCell(field, config.defaultValue, self);
  if (field.fieldType === "calculation") row.calculation = campoToXpath(field.config.calculation, context);
  Object.assign(row, triggerCells(field, context), entityCells(field, form.entities));
  if (field.fieldType === "range") row.parameters = questionTypeCells(field).parameters ?? "";
  if ("choiceFilter" in config && config.choiceFilter) row.choice_filter = campoToXpath(config.choiceFilter, context);
  if (field.fieldType === "repeat" && field.config.repeatCount)
    row.repeat_count = campoToXpath(field.config.repeatCount, context);
  else if (
    field.fieldType === "repeat" &&
    field.config.minCount !== undefined &&
    field.config.minCount === field.config.maxCount
  )
    row.repeat_count = field.config.minCount;
  return row;
}

/** A field's rows: itself and, for a section or repeat, every block inside it (at any depth) and its end row. */
function blockRows(field: DesignedField, form: ExportableForm, context: ExpressionContext): Row[] {
  const row = surveyRow(field, form, context);
  if (field.fieldType !== "section" && field.fieldType !== "repeat") return [row];
  const children = form.fields.filter((child) => child.parentName === field.name);
  const end = field.fieldType === "section" ? "end group" : "end repeat";
  return [row, ...children.flatMap((child) => blockRows(child, form, context)), { type: end, name: field.name }];
}

function surveyRows(form: ExportableForm, context: ExpressionContext): Row[] {
  const fields = form.fields.filter((field) => !isOtherTextOf(field, form.fields));
  const exported = { ...form, fields };
  return fields.filter((field) => field.parentName === null).flatMap((field) => blockRows(field, exported, context));
}

/** One row per option; a select's option properties as further columns, named options renamed as the filter reads. */
function choiceRows(fields: readonly DesignedField[], context: ExpressionContext): Row[] {
  return fields.flatMap((field) => {
    const options = context.fields.get(field.name)?.options ?? new Map<string, string>();
    const filtered =
      field.fieldType === "single_choice" || field.fieldType === "multiple_choice" || field.fieldType === "rank";
    return [...options].flatMap(([label, name]): Row[] => {
      if (!filtered) return [{ list_name: field.name, name, label }];
      const sets = propertySetsOf(field.config.optionProperties?.[label]);
      // An option under several parents is a row per parent, of one name and label (pyxform's allow_choice_duplicates).
      return (sets.length > 0 ? sets : [{}]).map((own) => ({
        list_name: field.name,
        name,
        label,
        ...optionLabels(field, label),
        ...optionImageCell(field.config, label),
        ...renameComparedValues(own, field.config.choiceFilter, context.fields),
      }));
    });
  });
}

/** An option's `image` cell: the attached file it shows. */
function optionImageCell(config: object, option: string): Row {
  const image = optionImageOf(config, option);
  return image === undefined ? {} : { image };
}

/** An option's `label::English (en)` cells, from the field's translations. */
function optionLabels(field: DesignedField, option: string): Row {
  const translations = Object.entries(field.config.translations ?? {}) as [
    Language,
    { options?: Record<string, string> },
  ][];
  return Object.fromEntries(
    translations.flatMap(([language, texts]) => {
      const text = texts.options?.[option];
      return text === undefined ? [] : [[`label::${xlsformLanguageName(language)}`, text] as const];
    }),
  );
}

/** The columns in XLSForm's usual order, each language's after its base column; only those with a value. */
function columnsOf(rows: readonly Row[], order: readonly string[], label: string, mainName: string): string[] {
  const used = new Set(rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== "")));
  const ordered = order.flatMap((base) => [
    base,
    ...[...used].filter((key) => key.startsWith(`${base}::`)).sort(languageOrder(mainName)),
  ]);
  return ordered.filter((column) => used.has(column) || column === "type" || column === "name" || column === label);
}

/** `list_name`, `name`, the main label, then the option properties in order of first use. */
function choiceColumns(rows: readonly Row[], label: string): string[] {
  const columns = ["list_name", "name", label];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

const SURVEY_ORDER = [
  "type",
  "name",
  "label",
  "hint",
  "required",
  "required_message",
  "relevant",
  "constraint",
  "constraint_message",
  "calculation",
  "trigger",
  "default",
  "appearance",
  "parameters",
  "choice_filter",
  "repeat_count",
  "save_to",
  ACCEPT_COLUMN,
  CAMPO_TYPE_COLUMN,
  CAMPO_SETTINGS_COLUMN,
];

/** pyxform refuses a list naming an option twice (an option under several parents) unless told. */
const DUPLICATES_SETTING = "allow_choice_duplicates";

/** The sheets of a Campo form as an XLSForm (survey, choices, settings), ready for ODK, Kobo and Campo itself. */
export function xlsFormSheets(form: ExportableForm): SheetToWrite[] {
  const names = choiceNames(form.fields);
  const context: ExpressionContext = { fields: expressionFields(form.fields, names) };
  // A form of unknown language that has translations names its main texts in Campo's default language.
  const mainName = xlsformLanguageName(form.language ?? "pt-BR");
  const {
    sheets: [survey = [], choices = []],
    label,
    named,
  } = nameMainLanguage([surveyRows(form, context), choiceRows(form.fields, context)], mainName);
  const duplicates = choices.some((row, index) =>
    choices.some((other, at) => at < index && other.list_name === row.list_name && other.name === row.name),
  );
  return [
    { name: "survey", columns: columnsOf(survey, SURVEY_ORDER, label, mainName), rows: survey },
    { name: "choices", columns: choiceColumns(choices, label), rows: choices },
    {
      name: "settings",
      columns: ["form_title", "form_id", "version", "default_language", ...(duplicates ? [DUPLICATES_SETTING] : [])],
      rows: [
        {
          form_title: form.name,
          form_id: fieldNameFromLabel(form.name),
          version: String(form.formVersion),
          // A form whose language is unknown, in one language, claims none: its plain columns are XLSForm's
          // "default" language. Named main columns are always the default_language.
          default_language: form.language || named ? mainName : "",
          ...(duplicates ? { [DUPLICATES_SETTING]: "yes" } : {}),
        },
      ],
    },
    ...entitiesSheet(form.entities, context),
  ];
}

export async function exportXlsForm(form: ExportableForm): Promise<Buffer> {
  return writeXlsFormBook(xlsFormSheets(form));
}
