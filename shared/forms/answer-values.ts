import { toList, toNumber, toText, type ExpressionValue } from "../expressions/index.ts";
import { isValidDate, isValidTime } from "../fields/answer-validation.ts";
import type { FieldType } from "../fields/field-types.ts";
import { isValidDateTime } from "../fields/question-types.ts";
import { optionsInText } from "./option-list-text.ts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What `${name}` reads for a stored answer: text as text, numbers and yes/no as they are, a multiple choice as the
 * list of its options, a location as "latitude longitude", a photo or signature as its attachment id. A value of the
 * wrong shape reads as empty (answer validation reports it).
 */
export function answerValue(fieldType: FieldType, raw: unknown): ExpressionValue {
  switch (fieldType) {
    case "number":
    case "range":
      return typeof raw === "number" && Number.isFinite(raw) ? raw : null;
    case "yes_no":
      return typeof raw === "boolean" ? raw : null;
    case "multiple_choice":
    case "rank":
      return Array.isArray(raw) ? raw.filter((item): item is string => typeof item === "string") : null;
    case "calculation":
    case "hidden":
      return typeof raw === "string" || typeof raw === "boolean" || (typeof raw === "number" && Number.isFinite(raw))
        ? raw
        : null;
    case "gps":
      return isRecord(raw) && typeof raw.latitude === "number" && typeof raw.longitude === "number"
        ? `${raw.latitude} ${raw.longitude}`
        : null;
    case "photo":
    case "signature":
    case "audio":
    case "video":
    case "file":
      return isRecord(raw) && typeof raw.attachmentId === "string" ? raw.attachmentId : null;
    case "note":
    case "section":
    case "repeat":
      return null;
    case "metadata":
      // The audit is for reading, not for formulas; the other kinds are text.
      return typeof raw === "string" ? raw : null;
    default:
      return typeof raw === "string" && raw.trim() !== "" ? raw : null;
  }
}

/** A computed default as an answer of the field's type, or undefined when it does not fit (then no default). */
export function defaultAnswer(
  field: { fieldType: FieldType; config: object },
  value: ExpressionValue,
): string | number | boolean | string[] | undefined {
  if (value === null || value === "") return undefined;
  const options: unknown = Reflect.get(field.config, "options");
  const isOption = (text: string) => Array.isArray(options) && options.includes(text);
  switch (field.fieldType) {
    case "number":
    case "range":
      return toNumber(value) ?? undefined;
    case "yes_no":
      if (typeof value === "boolean") return value;
      return ["true", "false"].includes(toText(value)) ? toText(value) === "true" : undefined;
    case "single_choice":
      return isOption(toText(value)) ? toText(value) : undefined;
    case "multiple_choice": {
      const chosen =
        typeof value === "string"
          ? optionsInText(value, Array.isArray(options) ? options.filter((item) => typeof item === "string") : [])
          : [...new Set(toList(value).map(toText).filter(isOption))];
      return chosen.length > 0 ? chosen : undefined;
    }
    case "date":
      return isValidDate(toText(value)) ? toText(value) : undefined;
    case "time":
      return isValidTime(toText(value)) ? toText(value) : undefined;
    case "datetime":
      return isValidDateTime(toText(value)) ? toText(value) : undefined;
    case "hidden":
      return typeof value === "number" || typeof value === "boolean" ? value : toText(value);
    case "text":
    case "email":
    case "phone":
    case "url":
    case "barcode":
      return toText(value);
    default:
      return undefined;
  }
}
