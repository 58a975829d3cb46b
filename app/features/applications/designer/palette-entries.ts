import type { FieldType, FieldTypeInfo } from "../../../../shared/fields/field-types.ts";
import type { DesignerFieldConfig } from "./designer-fields.ts";

/** One button of the palette: a type, or a type with a preset (a whole number is a number field of integer format). */
export interface PaletteEntry {
  key: string;
  type: FieldType;
  /** Key in the `fields` namespace: the button's text and the new field's label. */
  labelKey: string;
  preset?: Partial<DesignerFieldConfig>;
}

/**
 * XLSForm's `integer` and `decimal` are separate types; Campo stores both as `number` with a format
 * (docs/decisions.md), and the palette offers each as its own entry so that form builders find both.
 */
export function paletteEntries(types: readonly FieldTypeInfo[]): PaletteEntry[] {
  return types.flatMap((info): PaletteEntry[] => {
    const entry = { key: info.type, type: info.type, labelKey: info.labelKey };
    if (info.type !== "number") return [entry];
    return [entry, { key: "integer", type: "number", labelKey: "types.integer", preset: { format: "integer" } }];
  });
}
