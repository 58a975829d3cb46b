import type { OptionImages } from "../../../../shared/fields/option-images.ts";
import {
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  DEFAULT_TEXT_FORMAT,
  type FieldType,
} from "../../../../shared/fields/field-types.ts";
import {
  isTemporaryFieldId,
  TEMPORARY_FIELD_ID_PREFIX,
  uniqueFieldName,
} from "../../../../shared/fields/field-config.ts";
import type { OptionProperties } from "../../../../shared/fields/option-property-sets.ts";
import { RANGE_DEFAULTS } from "../../../../shared/fields/question-types.ts";
import type { ApplicationPayload } from "../api/applications-api.ts";
import { moveByStep, moveIntoContainer, moveOnto, removeField } from "./field-nesting.ts";
import { renameField } from "./field-rename.ts";
import type { ApplicationField } from "../../../../shared/applications/application-dtos.ts";

/** Every config key a designed field may carry (spec 000 §3); which ones apply depends on the type. */
export interface DesignerFieldConfig {
  required?: boolean;
  description?: string;
  format?: string;
  minValue?: number | null;
  maxValue?: number | null;
  options?: string[];
  captureMode?: string;
  maxSize?: number;
  /** Expressions (shared/expressions): shown when, constraint, default value, formula. */
  relevant?: string;
  constraint?: string;
  constraintMessage?: string;
  requiredMessage?: string;
  /** With `required`: required only while this expression holds. */
  requiredWhen?: string | undefined;
  defaultValue?: string;
  calculation?: string;
  /** The question whose change sets the value (`${name}`, shared/forms/triggers.ts). */
  trigger?: string;
  /** A select's cascading filter and the option properties it reads. */
  choiceFilter?: string;
  /** A repeat's number of entries, as an expression (XLSForm's repeat_count). */
  repeatCount?: string;
  optionProperties?: OptionProperties;
  /** The attached image each option shows (shared/fields/option-images.ts). */
  optionImages?: OptionImages;
  /** Options read from an attached file instead of typed ones (`select_one_from_file`). */
  choicesFile?: string;
  minCount?: number | null;
  maxCount?: number | null;
  /** A range's stops and look; a metadata field's source (shared/fields/question-types.ts). */
  start?: number;
  end?: number;
  step?: number;
  style?: string;
  kind?: string;
  /** Texts per language (XLSForm `label::English (en)`): the appearance tab edits the labels, the rest is kept. */
  translations?: Record<string, unknown>;
  /** XLSForm appearance words, or_other and randomize (shared/fields/appearances.ts). */
  appearance?: string;
  orOther?: boolean;
  randomize?: boolean;
  randomSeed?: string;
}

/** A field as the designer holds it: stored fields keep their uuid, new ones get a temporary `field-…` id. */
export interface DesignerField {
  id: string;
  fieldType: FieldType;
  label: string;
  /** The key in expressions (`${name}`): stored fields keep theirs, a new field gets one from its label. */
  name: string;
  /** The section or repeat holding the field (null at the top level). */
  parentName: string | null;
  config: DesignerFieldConfig;
}

export function defaultConfig(type: FieldType): DesignerFieldConfig {
  switch (type) {
    case "text":
      return { required: false, format: DEFAULT_TEXT_FORMAT };
    case "number":
      return { required: false, format: DEFAULT_NUMBER_FORMAT };
    case "single_choice":
    case "multiple_choice":
    case "rank":
      return { required: false, options: [] };
    case "range":
      return { required: false, ...RANGE_DEFAULTS, style: "slider" };
    case "metadata":
      return { kind: "start" };
    case "hidden":
      return {};
    case "photo":
      return { required: false, captureMode: DEFAULT_CAPTURE_MODE, maxSize: DEFAULT_PHOTO_MAX_SIZE_MB };
    case "note":
    case "section":
    case "repeat":
      return {};
    case "calculation":
      return { calculation: "" };
    default:
      return { required: false };
  }
}

/** The names already used in a form, lower-cased (names are unique case-insensitively). */
export function takenNames(fields: readonly DesignerField[], exceptId?: string): Set<string> {
  return new Set(fields.flatMap((field) => (field.id === exceptId ? [] : [field.name.toLowerCase()])));
}

/** A new top-level field, named from its label so that expressions can refer to it before the form is saved. */
export function newField(type: FieldType, label: string, taken: ReadonlySet<string> = new Set()): DesignerField {
  return {
    id: `${TEMPORARY_FIELD_ID_PREFIX}${crypto.randomUUID()}`,
    fieldType: type,
    label,
    name: uniqueFieldName(label, taken),
    parentName: null,
    config: defaultConfig(type),
  };
}

export function fromStoredField(field: ApplicationField): DesignerField {
  return {
    id: field.id,
    fieldType: field.fieldType,
    label: field.label,
    name: field.name,
    parentName: field.parentName,
    config: { ...defaultConfig(field.fieldType), ...(field.config ?? {}) },
  };
}

export type FieldsAction =
  | { type: "load"; fields: DesignerField[] }
  | { type: "add"; field: DesignerField }
  | { type: "insert"; field: DesignerField; index: number }
  | { type: "remove"; id: string; children?: "keep" | "remove" }
  | { type: "step"; id: string; direction: -1 | 1 }
  | { type: "drop"; activeId: string; overId: string }
  | { type: "update"; field: DesignerField };

/** A field saved from its dialog: a new name is carried into every reference, a new container into its place. */
function updateField(fields: readonly DesignerField[], field: DesignerField): DesignerField[] {
  const current = fields.find((candidate) => candidate.id === field.id);
  if (!current) return [...fields];
  const draft = { ...field, name: current.name, parentName: current.parentName };
  const replaced = fields.map((candidate) => (candidate.id === field.id ? draft : candidate));
  return moveIntoContainer(renameField(replaced, field.id, field.name), field.id, field.parentName);
}

export function fieldsReducer(fields: DesignerField[], action: FieldsAction): DesignerField[] {
  switch (action.type) {
    case "load":
      return action.fields;
    case "add":
      return [...fields, action.field];
    case "insert": {
      const next = [...fields];
      next.splice(Math.min(Math.max(action.index, 0), next.length), 0, action.field);
      return next;
    }
    case "remove":
      return removeField(fields, action.id, action.children);
    case "step":
      return moveByStep(fields, action.id, action.direction);
    case "drop":
      return moveOnto(fields, action.activeId, action.overId);
    case "update":
      return updateField(fields, action.field);
  }
}

/** The API shape of one field; temporary ids stay in the browser, the server gives new fields their uuid. */
export function toPayloadField(field: DesignerField, position: number): ApplicationPayload["fields"][number] {
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field.config)) {
    if (value === undefined || value === null || value === "") continue;
    config[key] = typeof value === "string" ? value.trim() : value;
  }
  return {
    ...(isTemporaryFieldId(field.id) ? {} : { id: field.id }),
    fieldType: field.fieldType,
    label: field.label.trim(),
    name: field.name,
    parentName: field.parentName,
    position,
    config,
  };
}

export function toPayloadFields(fields: readonly DesignerField[]): ApplicationPayload["fields"] {
  return fields.map(toPayloadField);
}
