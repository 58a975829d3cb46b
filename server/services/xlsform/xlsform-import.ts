import type { z } from "zod";
import {
  APP_NAME_MAX,
  applicationFormSchema,
  toFieldErrors,
  type ApplicationForm,
} from "../../../shared/fields/field-config.ts";
import { OTHER_OPTION } from "../../../shared/fields/appearances.ts";
import { optionsInText } from "../../../shared/forms/option-list-text.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { quoted } from "./expression-tokens.ts";
import {
  renameComparedValues,
  xpathToCampo,
  type ExpressionContext,
  type ExpressionField,
  type ExpressionIssue,
} from "./expression-translation.ts";
import { readChoiceLists, type ChoiceList } from "./xlsform-choices.ts";
import { readEntities, translateEntityCondition, type XlsFormEntities } from "./xlsform-entities.ts";
import { expandLoops } from "./xlsform-loops.ts";
import { renameNotes, renameXmlNames } from "./xlsform-names.ts";
import { nameNamelessNotes } from "./xlsform-note-names.ts";
import { renameScopedDuplicates } from "./xlsform-scoped-names.ts";
import { fitTitle } from "./xlsform-title.ts";
import type { TextColumns } from "./xlsform-languages.ts";
import { cell, type Sheet, type XlsFormBook } from "./xlsform-sheets.ts";
import { readSurvey, type PendingField } from "./xlsform-survey.ts";

/**
 * A translated form, with the notes of what the import changed (a name Campo cannot hold, xlsform-names.ts) or left
 * out as ODK Collect ignores it too (a default naming no option of its list), or every issue that stops the import.
 */
export type XlsFormImport =
  | { ok: true; form: ApplicationForm; notes?: XlsFormIssue[]; entities?: XlsFormEntities }
  | { ok: false; issues: XlsFormIssue[] };

export interface XlsFormImportOptions {
  /** The names of the owner's entity lists: a `select_one_from_file <list>.csv` of one picks an entity. */
  entityLists?: readonly string[];
}

function fileIssue(sheet: XlsFormIssue["sheet"], key: string, params?: XlsFormIssue["params"]): XlsFormIssue {
  return { sheet, row: null, column: null, key: `xlsform:issues.${key}`, ...(params ? { params } : {}) };
}

/**
 * An XLSForm workbook → the designer's form (name, fields, one page per section), or every problem found, each at
 * its sheet, row and column. Nothing here writes: the caller creates the application only from a clean result.
 */
export function importXlsForm(
  book: XlsFormBook,
  fallbackName: string,
  options: XlsFormImportOptions = {},
): XlsFormImport {
  const survey = book.survey;
  if (!survey) return { ok: false, issues: [fileIssue("survey", "missingSheet", { sheet: "survey" })] };
  const missing = ["type", "name"].filter((column) => !survey.headers.has(column));
  if (missing.length > 0)
    return {
      ok: false,
      issues: missing.map((column) => ({
        sheet: "survey",
        row: 1,
        column,
        key: "xlsform:issues.missingColumn",
        params: { column },
      })),
    };

  const settings = book.settings?.rows[0];
  const defaultLanguage = settings ? cell(settings, "default_language") || undefined : undefined;
  const choices = readChoiceLists(book.choices, defaultLanguage);
  const external = readChoiceLists(book.external_choices, defaultLanguage, "external_choices");
  const looped = expandLoops(survey, choices.lists, book.choices);
  const noteNamed = nameNamelessNotes(looped.survey);
  const xmlNamed = renameXmlNames(noteNamed.survey);
  const scoped = renameScopedDuplicates(xmlNamed.survey);
  const named = { survey: scoped.survey, renamed: [...xmlNamed.renamed, ...scoped.renamed] };
  const read = readSurvey(named.survey, { choices: choices.lists, external: external.lists }, defaultLanguage);
  const entities = readEntities(book.entities, named.survey, read.fields, options.entityLists ?? []);
  if (entities.labelField) read.fields.push(entities.labelField);
  const issues = [...choices.issues, ...external.issues, ...looped.issues, ...read.issues, ...entities.issues];
  const context = expressionContext(read.fields);
  const notes: XlsFormIssue[] = [
    ...choices.notes,
    ...external.notes,
    ...noteNamed.notes,
    ...renameNotes(named.survey, named.renamed),
    ...read.notes,
    ...entities.notes,
  ];
  for (const field of read.fields) {
    const found = translateExpressions(field, context, survey, notes);
    // The label's expression was written on the entities sheet.
    const label = { sheet: "entities" as const, column: "label" };
    issues.push(...(field === entities.labelField ? found.map((issue) => ({ ...issue, ...label })) : found));
  }
  issues.push(...translateEntityCondition(entities, context));
  if (issues.length > 0) return { ok: false, issues };

  const title = fitTitle((settings && cell(settings, "form_title")) || fallbackName);
  const name = title.name;
  const parsed = applicationFormSchema.safeParse({
    name,
    sectionPages: read.fields.some((field) => field.fieldType === "section" && field.fieldList),
    ...(read.texts.language ? { language: read.texts.language } : {}),
    fields: read.fields.map((field, position) => ({
      fieldType: field.fieldType,
      name: field.name,
      label: field.label,
      parentName: field.parentName,
      position,
      config: field.list ? choiceConfig(field, field.list, context) : field.config,
    })),
  });
  if (parsed.success) {
    if (title.shortenedFrom !== undefined)
      notes.push({
        sheet: "settings",
        row: settings?.row ?? null,
        column: "form_title",
        key: "xlsform:issues.titleShortened",
        params: { max: String(APP_NAME_MAX), title: title.shortenedFrom },
      });
    return {
      ok: true,
      form: parsed.data,
      ...(notes.length > 0 ? { notes } : {}),
      ...(entities.entities ? { entities: entities.entities } : {}),
    };
  }
  return { ok: false, issues: locateSchemaIssues(parsed.error, read.fields, survey, read.texts) };
}

/** A select's options and their properties, keyed by label as Campo stores them. */
function choiceConfig(field: PendingField, list: ChoiceList, fields: ReadonlyMap<string, ExpressionField>) {
  const filter = field.expressions.choice_filter;
  const optionProperties = Object.fromEntries(
    list.options.map((option) => {
      const sets = [option.properties, ...option.moreProperties].map((properties) =>
        renameComparedValues(properties, filter, fields),
      );
      return [option.label, sets.length > 1 ? sets : sets[0]];
    }),
  );
  return {
    ...field.config,
    options: list.options.map((option) => option.label),
    optionProperties,
    optionImages: Object.fromEntries(
      list.options.flatMap((option) => (option.image ? [[option.label, option.image]] : [])),
    ),
    ...withOptionTranslations(field.config.translations, list),
  };
}

/** Each language's option labels join the field's other texts in that language, keyed by the stored option. */
function withOptionTranslations(translations: unknown, list: ChoiceList): { translations?: Record<string, object> } {
  const merged: Record<string, object> = { ...(typeof translations === "object" ? translations : {}) };
  const languages = new Set(list.options.flatMap((option) => Object.keys(option.translations)));
  for (const language of languages) {
    const options = Object.fromEntries(
      list.options.flatMap((option) => {
        const text = option.translations[language as keyof ChoiceList["options"][number]["translations"]];
        return text === undefined ? [] : [[option.label, text] as const];
      }),
    );
    merged[language] = { ...merged[language], options };
  }
  return Object.keys(merged).length === 0 ? {} : { translations: merged };
}

function expressionContext(fields: readonly PendingField[]): Map<string, ExpressionField> {
  return new Map(
    fields.map((field): [string, ExpressionField] => {
      if (field.fieldType === "yes_no") return [field.name, { kind: "yes_no", options: new Map() }];
      if (!field.list) return [field.name, { kind: "other", options: new Map() }];
      const options = new Map(field.list.options.map((option) => [option.name, option.label]));
      // or_other's `other` is stored as it is named (shared/fields/appearances.ts).
      if (field.config.orOther === true) options.set(OTHER_OPTION, OTHER_OPTION);
      return [field.name, { kind: "choice", options }];
    }),
  );
}

const EXPRESSION_CONFIG = {
  relevant: "relevant",
  constraint: "constraint",
  calculation: "calculation",
  default: "defaultValue",
  choice_filter: "choiceFilter",
  repeat_count: "repeatCount",
  required: "requiredWhen",
  trigger: "trigger",
} as const;

/**
 * Puts each row's XPath into the config as Campo expressions; what does not translate is reported at its cell. A
 * default naming no option of its list is left out with a note, as ODK Collect selects nothing for it.
 */
function translateExpressions(
  field: PendingField,
  fields: ReadonlyMap<string, ExpressionField>,
  survey: Sheet,
  notes: XlsFormIssue[],
): XlsFormIssue[] {
  const issues: XlsFormIssue[] = [];
  for (const [column, property] of Object.entries(EXPRESSION_CONFIG)) {
    let source = field.expressions[column as keyof typeof EXPRESSION_CONFIG];
    if (source === undefined) continue;
    const at = { sheet: "survey" as const, row: field.row, column: survey.headers.get(column) ?? column };
    if (column === "default" && isLiteralDefault(source)) {
      const known = knownChoiceDefault(field, source, fields);
      for (const option of known.unknown)
        notes.push({ ...at, key: "xlsform:issues.defaultDropped", params: { option } });
      if (known.value === "") continue;
      source = known.value;
    }
    const noticed: ExpressionIssue[] = [];
    const context: ExpressionContext = {
      fields,
      self: field.name,
      optionWords: column === "choice_filter",
      notices: noticed,
    };
    const result =
      column === "default" && isLiteralDefault(source)
        ? literalDefault(field, source, fields)
        : xpathToCampo(source, context);
    if (result.ok) {
      field.config[property] = result.text;
      // Each notice once a cell, however often the cell compares with the same option.
      const known = new Set<string>();
      for (const notice of noticed) {
        const note = { ...at, key: `xlsform:issues.${notice.key}`, params: notice.params };
        if (!known.has(JSON.stringify(note))) notes.push(note);
        known.add(JSON.stringify(note));
      }
    } else
      issues.push(
        ...result.issues.map((issue) => ({
          sheet: "survey" as const,
          row: field.row,
          column: survey.headers.get(column) ?? column,
          key: `xlsform:issues.${issue.key}`,
          params: issue.params,
        })),
      );
  }
  return issues;
}

/** A select's default without the option names its list lacks (all of a single choice's text is one name). */
function knownChoiceDefault(
  field: PendingField,
  value: string,
  fields: ReadonlyMap<string, ExpressionField>,
): { value: string; unknown: string[] } {
  const options = fields.get(field.name)?.options;
  const fromList =
    field.list !== undefined && (field.fieldType === "single_choice" || field.fieldType === "multiple_choice");
  if (!fromList) return { value, unknown: [] };
  const names = field.fieldType === "single_choice" ? [value] : value.split(/\s+/);
  const unknown = names.filter((name) => !options?.has(name));
  return { value: names.filter((name) => options?.has(name)).join(" "), unknown };
}

/** XLSForm defaults are plain values unless they use a field or a function (or are quoted, as Campo writes a text that looks like one). */
function isLiteralDefault(source: string): boolean {
  return !source.includes("${") && !source.includes("(") && !/^['"]/.test(source);
}

function literalDefault(
  field: PendingField,
  value: string,
  fields: ReadonlyMap<string, ExpressionField>,
): { ok: true; text: string } | { ok: false; issues: ExpressionIssue[] } {
  const unsupported = { ok: false as const, issues: [{ key: "unsupportedDefault" as const, params: { value } }] };
  switch (field.fieldType) {
    case "single_choice": {
      const label = fields.get(field.name)?.options.get(value);
      return label === undefined
        ? { ok: false, issues: [{ key: "unknownOption", params: { option: value } }] }
        : { ok: true, text: quoted(label) };
    }
    case "multiple_choice": {
      // Campo's default of several options is their labels joined by spaces, read back whole (option-list-text.ts);
      // only labels that read back as other options than meant (`a`, `b` beside `a b`) cannot be written so.
      const options = fields.get(field.name)?.options;
      const labels = value.split(/\s+/).map((name) => options?.get(name));
      const unknown = value.split(/\s+/).find((_, index) => labels[index] === undefined);
      if (unknown !== undefined) return { ok: false, issues: [{ key: "unknownOption", params: { option: unknown } }] };
      const chosen = labels.filter((label): label is string => label !== undefined);
      const text = chosen.join(" ");
      const readBack = optionsInText(text, [...(options?.values() ?? [])]);
      const meant = [...new Set(chosen)];
      return readBack.length === meant.length && readBack.every((label, index) => label === meant[index])
        ? { ok: true, text: quoted(text) }
        : unsupported;
    }
    case "yes_no": {
      const word = value.toLowerCase();
      if (["yes", "ok", "true", "1"].includes(word)) return { ok: true, text: "true" };
      if (["no", "false", "0"].includes(word)) return { ok: true, text: "false" };
      return unsupported;
    }
    case "number":
    case "range":
      return /^-?\d+(\.\d+)?$/.test(value) ? { ok: true, text: value } : unsupported;
    default:
      return { ok: true, text: quoted(value) };
  }
}

/** The column a field property comes from. */
function columnOf(property: readonly string[], survey: Sheet, texts: TextColumns): string {
  const header = (key: string) => survey.headers.get(key) ?? key;
  const [first, second, language, text] = property;
  if (first === "label") return header(texts.main.label ?? "label");
  if (first === "name" || first === "parentName") return "name";
  if (first !== "config") return "type";
  switch (second) {
    case "relevant":
    case "constraint":
    case "calculation":
      return header(second);
    case "defaultValue":
      return header("default");
    case "requiredWhen":
      return header("required");
    case "description":
      return header(texts.main.hint ?? "hint");
    case "requiredMessage":
      return header(texts.main.required_message ?? "required_message");
    case "constraintMessage":
      return header(texts.main.constraint_message ?? "constraint_message");
    case "minCount":
    case "maxCount":
      return "repeat_count";
    case "start":
    case "end":
    case "step":
      return header("parameters");
    case "translations": {
      const columns = texts.translations[language as keyof TextColumns["translations"]] ?? {};
      const base = {
        label: "label",
        description: "hint",
        constraintMessage: "constraint_message",
        requiredMessage: "required_message",
      }[text ?? "label"] as keyof typeof columns | undefined;
      return header((base && columns[base]) ?? "label");
    }
    case "format":
    case "minValue":
    case "maxValue":
    case "captureMode":
    case "maxSize":
      return "campo_settings";
    case "maxDuration":
      return header("parameters");
    case "accept":
      return header("body::accept");
    default:
      return "type";
  }
}

/** The option an error names (`options.2`), or for the list as a whole its first repeated option. */
function optionAt(field: PendingField, index: string | undefined) {
  const options = field.list?.options ?? [];
  if (index !== undefined) return options[Number(index)];
  const seen = new Set<string>();
  return options.find((option) => {
    const key = option.label.trim().toLowerCase();
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}

/** The choices cell of an option property an error names (`config.optionProperties.<label>.<column>`). */
function optionPropertyAt(field: PendingField, path: string): { row: number; column: string } | undefined {
  const prefix = "config.optionProperties.";
  if (!path.startsWith(prefix)) return undefined;
  for (const option of field.list?.options ?? []) {
    const column = path.slice(prefix.length).startsWith(`${option.label}.`)
      ? path.slice(prefix.length + option.label.length + 1)
      : undefined;
    if (column !== undefined && column in option.properties) return { row: option.row, column };
  }
  return undefined;
}

/** The form rules' errors (paths like `fields.3.config.options.1`) placed on the survey or choices cell they came from. */
function locateSchemaIssues(
  error: z.ZodError,
  fields: readonly PendingField[],
  survey: Sheet,
  texts: TextColumns,
): XlsFormIssue[] {
  return toFieldErrors(error).map((fieldError): XlsFormIssue => {
    // An expression the form analysis refuses carries its own reason, a key of the `expressions` namespace.
    const { reason, ...rest } = fieldError.params ?? {};
    const expression = fieldError.key === "invalidExpression" && typeof reason === "string";
    const key = expression ? `expressions:${reason}` : `fields:${fieldError.key}`;
    const shown = expression ? rest : fieldError.params;
    const params = shown && Object.keys(shown).length > 0 ? { params: shown } : {};
    const [root, index, ...property] = fieldError.path.split(".");
    const field = root === "fields" && index !== undefined ? fields[Number(index)] : undefined;
    if (root === "name") return { sheet: "settings", row: 2, column: "form_title", key, ...params };
    if (!field) return { sheet: "survey", row: null, column: null, key, ...params };
    const choice = property[0] === "config" && property[1] === "options" ? optionAt(field, property[2]) : undefined;
    const sheet = field.list?.sheet ?? "choices";
    if (choice) return { sheet, row: choice.row, column: "label", key, ...params };
    const propertyCell = optionPropertyAt(field, property.join("."));
    if (propertyCell) return { sheet, ...propertyCell, key, ...params };
    return { sheet: "survey", row: field.row, column: columnOf(property, survey, texts), key, ...params };
  });
}
