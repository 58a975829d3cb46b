import { EXPRESSION_PROPERTIES } from "../../../../shared/forms/index.ts";
import type { DesignerField, DesignerFieldConfig } from "./designer-fields.ts";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `${from}` becomes `${to}`, `${last-saved#from}` becomes `${last-saved#to}` (names compare case-insensitively, as
 * the form's uniqueness rule does).
 */
export function renameReferences(source: string, from: string, to: string): string {
  return source.replace(
    new RegExp(`\\$\\{\\s*(last-saved#)?${escapeRegExp(from)}\\s*\\}`, "gi"),
    (_, lastSaved: string | undefined) => `\${${lastSaved ?? ""}${to}}`,
  );
}

function renamedConfig(config: DesignerFieldConfig, from: string, to: string): DesignerFieldConfig {
  const next = { ...config };
  // Every property the form's analysis reads as an expression, so a rename leaves no reference behind.
  for (const key of EXPRESSION_PROPERTIES) {
    const value = next[key];
    if (typeof value === "string") next[key] = renameReferences(value, from, to);
  }
  return next;
}

/** Renames a field and everything that names it: expressions of every field, and its children's `parentName`. */
export function renameField(fields: readonly DesignerField[], id: string, to: string): DesignerField[] {
  const from = fields.find((field) => field.id === id)?.name;
  if (from === undefined || from === to) return [...fields];
  return fields.map((field) => ({
    ...field,
    ...(field.id === id ? { name: to } : {}),
    ...(field.parentName?.toLowerCase() === from.toLowerCase() ? { parentName: to } : {}),
    config: renamedConfig(field.config, from, to),
  }));
}
