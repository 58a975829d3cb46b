import {
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  DEFAULT_TEXT_FORMAT,
  type FieldType,
} from "../../../../shared/fields/field-types.ts";
import {
  isTemporaryFieldId,
  listIncompleteFields,
  TEMPORARY_FIELD_ID_PREFIX,
} from "../../../../shared/fields/field-config.ts";
import type { ApplicationPayload } from "../api/applications-api.ts";
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
}

/** A field as the designer holds it: stored fields keep their uuid, new ones get a temporary `field-…` id. */
export interface DesignerField {
  id: string;
  fieldType: FieldType;
  label: string;
  /** Stored fields keep their name; a new field gets one from its label when the form is saved. */
  name?: string;
  parentName?: string | null;
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
      return { required: false, options: [] };
    case "photo":
      return { required: false, captureMode: DEFAULT_CAPTURE_MODE, maxSize: DEFAULT_PHOTO_MAX_SIZE_MB };
    default:
      return { required: false };
  }
}

export function newField(type: FieldType, label: string): DesignerField {
  return {
    id: `${TEMPORARY_FIELD_ID_PREFIX}${crypto.randomUUID()}`,
    fieldType: type,
    label,
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
  | { type: "remove"; id: string }
  | { type: "move"; from: number; to: number }
  | { type: "update"; field: DesignerField };

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const item = items[from];
  if (from === to || item === undefined || to < 0 || to >= items.length) return [...items];
  const next = items.filter((_, index) => index !== from);
  next.splice(to, 0, item);
  return next;
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
      return fields.filter((field) => field.id !== action.id);
    case "move":
      return moveItem(fields, action.from, action.to);
    case "update":
      return fields.map((field) => (field.id === action.field.id ? action.field : field));
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
    ...(field.name === undefined ? {} : { name: field.name }),
    ...(field.parentName ? { parentName: field.parentName } : {}),
    position,
    config,
  };
}

export function toPayloadFields(fields: readonly DesignerField[]): ApplicationPayload["fields"] {
  return fields.map(toPayloadField);
}

/** Ids of the fields that still fail the shared designed-field rules (they block saving). */
export function incompleteFieldIds(fields: readonly DesignerField[]): Set<string> {
  const incomplete = listIncompleteFields(toPayloadFields(fields));
  return new Set(incomplete.flatMap((entry) => fields[entry.index]?.id ?? []));
}
