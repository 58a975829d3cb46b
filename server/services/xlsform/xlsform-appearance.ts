import { appearanceWords, OTHER_FIELD_SUFFIX } from "../../../shared/fields/appearances.ts";
import type { DesignedField } from "../../../shared/fields/field-config.ts";
import type { FieldType } from "../../../shared/fields/field-types.ts";

/**
 * The `appearance` and `parameters` columns of selects and the `or_other` suffix, both ways. Words Campo keeps
 * in a setting of its own (text format, the signature type, the phone type, section pages) are dropped from the
 * kept text on import and written back from the setting on export; every other word is kept as written, known or
 * not, as ODK ignores the words it does not know.
 */
const WORDS_HELD_ELSEWHERE: Partial<Record<FieldType, readonly string[]>> = {
  text: ["multiline"],
  phone: ["numbers"],
  signature: ["signature"],
  range: ["rating", "likert"],
  // Any group's field-list turns on the form's one page per section (xlsform-import.ts).
  section: ["field-list"],
};

export function importedAppearance(fieldType: FieldType, appearance: string): string | undefined {
  const held = WORDS_HELD_ELSEWHERE[fieldType] ?? [];
  const kept = appearanceWords(appearance).filter((word) => !held.includes(word.toLowerCase()));
  return kept.length === 0 ? undefined : kept.join(" ");
}

/** The words Campo's own settings stand for, then the field's kept words. */
export function exportedAppearance(field: DesignedField, sectionPages: boolean): string {
  const own: string[] = [];
  if (field.fieldType === "text" && field.config.format === "textarea") own.push("multiline");
  if (field.fieldType === "phone") own.push("numbers");
  if (field.fieldType === "signature") own.push("signature");
  if (field.fieldType === "section" && sectionPages) own.push("field-list");
  if (field.fieldType === "range" && field.config.style !== "slider") own.push(field.config.style);
  const kept = appearanceWords(field.config.appearance).filter((word) => !own.includes(word));
  return [...own, ...kept].join(" ");
}

/** `randomize=true seed=${household}` (pyxform also accepts commas between the pairs). */
export function choiceParameters(text: string): { randomize?: true; randomSeed?: string } | null {
  const result: { randomize?: true; randomSeed?: string } = {};
  for (const pair of text.split(/[\s,;]+/).filter((item) => item !== "")) {
    const [key = "", value = ""] = pair.split("=").map((part) => part.trim());
    if (key.toLowerCase() === "randomize") {
      if (!["true", "false"].includes(value.toLowerCase())) return null;
      if (value.toLowerCase() === "true") result.randomize = true;
    } else if (key.toLowerCase() === "seed") {
      const seed = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1] ?? (/^\d{1,15}$/.test(value) ? value : null);
      if (seed === null) return null;
      result.randomSeed = seed;
    }
    // Other parameters belong to other types (range, geopoint…): a select ignores them, as pyxform does.
  }
  return result;
}

export function parametersCell(field: DesignedField): string {
  if (field.fieldType !== "single_choice" && field.fieldType !== "multiple_choice") return "";
  if (!field.config.randomize) return "";
  const seed = field.config.randomSeed;
  if (seed === undefined) return "randomize=true";
  return `randomize=true seed=${/^\d+$/.test(seed) ? seed : `\${${seed}}`}`;
}

/** The select whose `or_other` text this field holds: pyxform makes that field itself, so the export leaves it out. */
export function isOtherTextOf(field: DesignedField, fields: readonly DesignedField[]): boolean {
  if (field.fieldType !== "text" || !field.name.endsWith(OTHER_FIELD_SUFFIX)) return false;
  const selectName = field.name.slice(0, -OTHER_FIELD_SUFFIX.length);
  return fields.some(
    (select) =>
      select.name === selectName &&
      (select.fieldType === "single_choice" || select.fieldType === "multiple_choice") &&
      select.config.orOther === true,
  );
}
