import type { FieldType } from "../../../shared/fields/field-types.ts";

/**
 * What Campo's export adds to an XLSForm so that its own types and options come back unchanged: a `campo_type`
 * column (e-mail, phone, URL and yes/no fields, which XLSForm writes as text and select_one) and a
 * `campo_settings` column (JSON of the options XLSForm has no column for). ODK and Kobo ignore unknown columns.
 */
export const CAMPO_TYPE_COLUMN = "campo_type";
export const CAMPO_SETTINGS_COLUMN = "campo_settings";

export const CONTACT_TYPES = ["email", "phone", "url"] as const satisfies readonly FieldType[];
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Patterns other tools check e-mail, phone and URL answers with (Campo checks its own way, see answer-validation). */
const CONTACT_PATTERNS: Readonly<Record<ContactType, string>> = {
  email: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$",
  phone: "^\\+?[0-9 ().-]{6,20}$",
  url: "^https?://\\S+$",
};

export function contactConstraint(type: ContactType): string {
  return `regex(., '${CONTACT_PATTERNS[type]}')`;
}

/** The config keys `campo_settings` may carry, per type. */
export const CAMPO_SETTINGS_KEYS: Partial<Record<FieldType, readonly string[]>> = {
  text: ["format"],
  number: ["format", "minValue", "maxValue"],
  photo: ["captureMode", "maxSize"],
  video: ["captureMode"],
  repeat: ["minCount", "maxCount"],
};
