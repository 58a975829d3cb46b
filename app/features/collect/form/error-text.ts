import type { TFunction } from "i18next";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { CollectField } from "../logic/form-values.ts";

/** Error keys a form author may word themselves (XLSForm `required_message` / `constraint_message`). */
const CUSTOM_MESSAGES: Partial<Record<string, "requiredMessage" | "constraintMessage">> = {
  required: "requiredMessage",
  selectYesNo: "requiredMessage",
  constraint: "constraintMessage",
};

/** The text of an error on a field: the author's own message when the form has one, else the catalog's. */
export function errorText(fieldError: FieldError, field: CollectField, t: TFunction): string {
  const custom = CUSTOM_MESSAGES[fieldError.key];
  const message = custom && custom in field.config ? (field.config as Record<string, unknown>)[custom] : undefined;
  if (typeof message === "string" && message !== "") return message;
  return t(`fields:${fieldError.key}`, fieldError.params);
}
