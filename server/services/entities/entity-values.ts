import {
  ENTITY_LABEL_MAX,
  ENTITY_VALUE_MAX,
  type EntityPropertyType,
  type EntityValue,
} from "../../../shared/entities/entity-schemas.ts";
import type { EntityRowErrorCode } from "../../../shared/entities/entity-upload.ts";
import { isSafeText } from "../../../shared/text/safe-text.ts";

const NUMBER_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Parsed<T> = { ok: true; value: T } | { ok: false; code: EntityRowErrorCode };

function isCalendarDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * A cell as the value its property keeps: numbers as numbers (a decimal comma allowed, as pt-BR spreadsheets
 * write them), dates as YYYY-MM-DD, text as it is. An empty cell is null: the property is left as it was.
 */
export function entityValueFromText(type: EntityPropertyType, text: string): Parsed<EntityValue> {
  if (text === "") return { ok: true, value: null };
  if (!isSafeText(text)) return { ok: false, code: "unsafeText" };
  if (type === "number") {
    const value = Number(text.replace(",", "."));
    return NUMBER_TEXT.test(text) && Number.isFinite(value) ? { ok: true, value } : { ok: false, code: "notANumber" };
  }
  if (type === "date") return isCalendarDate(text) ? { ok: true, value: text } : { ok: false, code: "notADate" };
  return text.length > ENTITY_VALUE_MAX ? { ok: false, code: "valueTooLong" } : { ok: true, value: text };
}

/** A value sent as JSON (the API) checked against its property's type (a text property takes numbers too). */
export function entityValueProblem(type: EntityPropertyType, value: EntityValue): EntityRowErrorCode | undefined {
  if (value === null) return undefined;
  if (type === "number") return typeof value === "number" && Number.isFinite(value) ? undefined : "notANumber";
  if (type === "date") return typeof value === "string" && isCalendarDate(value) ? undefined : "notADate";
  return undefined;
}

export function labelFromText(text: string): Parsed<string> {
  if (text === "") return { ok: false, code: "labelRequired" };
  if (!isSafeText(text)) return { ok: false, code: "unsafeText" };
  if (text.length > ENTITY_LABEL_MAX) return { ok: false, code: "labelTooLong" };
  return { ok: true, value: text };
}
