import type { DesignedField } from "../../../shared/fields/field-config.ts";
import {
  METADATA_KINDS,
  RANGE_DEFAULTS,
  type MetadataKind,
  type RangeStyle,
} from "../../../shared/fields/question-types.ts";

/**
 * XLSForm ⇄ Campo for issue 24's types: `range` and its `parameters` cell, `rank`, `dateTime`, `acknowledge`,
 * `hidden`, `barcode` and the metadata types the phone fills in itself. Import and export read the same tables.
 */

/** Metadata types kept as Campo fields; the rest (subscriberid, simserial, …) have no meaning in a browser. */
export function metadataKindOf(word: string): MetadataKind | undefined {
  return (METADATA_KINDS as readonly string[]).includes(word) ? (word as MetadataKind) : undefined;
}

type RangeParameters = { start: number; end: number; step: number };

const PARAMETER_NAMES = new Set(["start", "end", "step"]);

/** `start=1 end=10 step=1` (spaces, commas or semicolons between them; XLSForm's defaults fill the gaps), or null. */
export function parseRangeParameters(text: string): RangeParameters | null {
  const result: RangeParameters = { ...RANGE_DEFAULTS };
  for (const pair of text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean)) {
    const [key = "", value = "", ...extra] = pair.split("=");
    const name = key.trim().toLowerCase();
    const number = Number(value);
    if (extra.length > 0 || !PARAMETER_NAMES.has(name) || value.trim() === "" || !Number.isFinite(number)) return null;
    result[name as keyof RangeParameters] = number;
  }
  return result;
}

/** The range look an appearance asks for: ODK's `rating` stars, or a row of labelled stops for `likert`. */
export function rangeStyleOf(appearance: readonly string[]): RangeStyle {
  if (appearance.includes("rating")) return "rating";
  return appearance.includes("likert") ? "likert" : "slider";
}

export type QuestionField = Extract<
  DesignedField,
  { fieldType: "datetime" | "range" | "rank" | "acknowledge" | "hidden" | "barcode" | "metadata" }
>;

export function isQuestionTypeField(field: DesignedField): field is QuestionField {
  return ["datetime", "range", "rank", "acknowledge", "hidden", "barcode", "metadata"].includes(field.fieldType);
}

/** The survey cells of such a field that differ from the general ones: type, parameters, appearance. */
export function questionTypeCells(field: QuestionField): { type: string; parameters?: string; appearance?: string } {
  switch (field.fieldType) {
    case "datetime":
      return { type: "dateTime" };
    case "range": {
      const { start, end, step, style } = field.config;
      return {
        type: "range",
        parameters: `start=${start} end=${end} step=${step}`,
        ...(style === "slider" ? {} : { appearance: style }),
      };
    }
    case "rank":
      return { type: `rank ${field.name}` };
    case "metadata":
      return { type: field.config.kind };
    default:
      return { type: field.fieldType };
  }
}
