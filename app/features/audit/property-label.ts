import type { ChangeLogField } from "../../../shared/audit/change-log-dtos.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LabelTexts {
  /** The translated label of a known property (name, role, status…), undefined for any other key. */
  property(key: string): string | undefined;
  removedField(label: string): string;
  deletedField(): string;
}

/**
 * How a changed property reads: a record answer by its field's label in the UI language (said removed when the form
 * dropped it, or deleted when the field is gone with its application), a known property by its label, anything else
 * by its key.
 */
export function propertyLabel(
  key: string,
  fields: readonly ChangeLogField[],
  language: Language,
  texts: LabelTexts,
): string {
  const field = fields.find((candidate) => candidate.id === key);
  if (field) return field.removed ? texts.removedField(field.labels[language]) : field.labels[language];
  const known = texts.property(key);
  if (known !== undefined) return known;
  return UUID_PATTERN.test(key) ? texts.deletedField() : key;
}
