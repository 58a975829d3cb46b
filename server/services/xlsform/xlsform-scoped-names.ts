import { FIELD_NAME_MAX } from "../../../shared/fields/field-config.ts";
import type { XlsFormRenamedField } from "../../../shared/xlsform/xlsform-issues.ts";
import { renameReferences } from "./xlsform-names.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";

/** A group or repeat (or the survey itself): the final name of each of its direct children, by XLSForm name. */
interface Scope {
  children: Map<string, string>;
  /** The children's names in lower case: siblings compare as the form rules compare names. */
  siblings: Set<string>;
}

/** `begin group`, `begin_repeat`… → "begin"; `end group`… → "end"; `end` alone (metadata) and the rest → none. */
function blockWord(type: string): "begin" | "end" | undefined {
  const words = type
    .trim()
    .toLowerCase()
    .split(/[\s_]+/);
  if (words.length < 2 || (words[1] !== "group" && words[1] !== "repeat")) return undefined;
  return words[0] === "begin" ? "begin" : words[0] === "end" ? "end" : undefined;
}

/**
 * pyxform wants a name unique among its siblings only (`name` in a household group and again in a member repeat);
 * Campo keys answers by name across the form. The later uses of such a name are renamed (`name_2`…) and, as pyxform
 * resolves `${name}` to the nearest field of that name, a reference follows the rename where it is written inside the
 * renamed field's group (or deeper) and keeps the first field elsewhere. Siblings sharing a name are left for the form
 * rules to report at their row.
 */
export function renameScopedDuplicates(survey: Sheet): { survey: Sheet; renamed: XlsFormRenamedField[] } {
  const root: Scope = { children: new Map(), siblings: new Set() };
  const taken = new Set<string>();
  const renamed: XlsFormRenamedField[] = [];
  const scopesOfRow: Scope[][] = [];
  const renamedRows = new Map<SheetRow, string>();
  const open: Scope[] = [root];

  for (const row of survey.rows) {
    const type = cell(row, "type");
    const block = blockWord(type);
    if (block === "end") {
      if (open.length > 1) open.pop();
      scopesOfRow.push([...open]);
      continue;
    }
    scopesOfRow.push([...open]);
    const name = cell(row, "name");
    const parent = open[open.length - 1] ?? root;
    if (type !== "" && name !== "" && !parent.siblings.has(name.toLowerCase())) {
      let final = name;
      if (taken.has(name.toLowerCase())) {
        for (let suffix = 2; taken.has(final.toLowerCase()); suffix += 1)
          final = `${name.slice(0, FIELD_NAME_MAX - String(suffix).length - 1)}_${suffix}`;
        renamed.push({ from: name, to: final });
        renamedRows.set(row, final);
      }
      taken.add(final.toLowerCase());
      parent.children.set(name, final);
      parent.siblings.add(name.toLowerCase());
    }
    if (block === "begin") open.push({ children: new Map(), siblings: new Set() });
  }
  if (renamed.length === 0) return { survey, renamed };

  const rows = survey.rows.map((row, index): SheetRow => {
    // The innermost scope that names a field decides what `${name}` means here.
    const names = new Map<string, string>();
    for (const scope of scopesOfRow[index] ?? []) for (const [from, to] of scope.children) names.set(from, to);
    for (const [from, to] of names) if (from === to) names.delete(from);
    const cells = new Map<string, string>();
    for (const [key, value] of row.cells)
      cells.set(key, key === "name" ? (renamedRows.get(row) ?? value) : renameReferences(value, names));
    return { row: row.row, cells };
  });
  return { survey: { headers: survey.headers, rows }, renamed };
}
