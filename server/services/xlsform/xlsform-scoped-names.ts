import { FIELD_NAME_MAX } from "../../../shared/fields/field-config.ts";
import type { RenamedName } from "./xlsform-names.ts";
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

const EXPRESSION_COLUMNS = new Set(["relevant", "constraint", "calculation", "required", "choice_filter", "default"]);

/** `./x` or `../x` not inside a longer path (`../../x` stays, as does `${a}/x`). */
const RELATIVE_PATH = /(?<![\w.$}\]/])(\.\.?)\/([A-Za-z_][A-Za-z0-9_.-]*)/g;

/**
 * XPath's relative paths to a field of the same group, as CHT forms write them (`./source` in the `inputs` group's
 * relevant): `./x` on a group's row is its child x, `../x` on a field's row its sibling x, `../x` on a group's row a
 * sibling of the group; each becomes `${x}`. A path naming no such field is left for the translation to refuse.
 */
function relativePaths(text: string, scopes: { self: Scope; parent: Scope }): string {
  if (!text.includes("./")) return text;
  return text.replace(RELATIVE_PATH, (whole, dots: string, name: string) => {
    const final = (dots === "." ? scopes.self : scopes.parent).children.get(name);
    return final === undefined ? whole : `\${${final}}`;
  });
}

/**
 * pyxform wants a name unique among its siblings only (`name` in a household group and again in a member repeat);
 * Campo keys answers by name across the form. The later uses of such a name are renamed (`name_2`…) and, as pyxform
 * resolves `${name}` to the nearest field of that name, a reference follows the rename where it is written inside the
 * renamed field's group (or deeper) and keeps the first field elsewhere. Siblings sharing a name are left for the form
 * rules to report at their row.
 */
export function renameScopedDuplicates(survey: Sheet): { survey: Sheet; renamed: RenamedName[] } {
  const root: Scope = { children: new Map(), siblings: new Set() };
  const taken = new Set<string>();
  const renamed: RenamedName[] = [];
  const scopesOfRow: Scope[][] = [];
  /** The scope a begin row opens: `./x` in its relevant names a child of that group. */
  const opened = new Map<SheetRow, Scope>();
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
    if (block === "begin") {
      const scope: Scope = { children: new Map(), siblings: new Set() };
      opened.set(row, scope);
      open.push(scope);
    }
  }

  const rows = survey.rows.map((row, index): SheetRow => {
    // The innermost scope that names a field decides what `${name}` means here.
    const names = new Map<string, string>();
    for (const scope of scopesOfRow[index] ?? []) for (const [from, to] of scope.children) names.set(from, to);
    for (const [from, to] of names) if (from === to) names.delete(from);
    const cells = new Map<string, string>();
    const enclosing = scopesOfRow[index] ?? [root];
    const group = enclosing[enclosing.length - 1] ?? root;
    // A field's `./x` is read as its sibling too (a field has no children); a group's `./x` is its child.
    const relative = { self: opened.get(row) ?? group, parent: group };
    for (const [key, value] of row.cells) {
      if (key === "name") cells.set(key, renamedRows.get(row) ?? value);
      else {
        const referenced = renameReferences(value, names);
        cells.set(key, EXPRESSION_COLUMNS.has(key) ? relativePaths(referenced, relative) : referenced);
      }
    }
    return { row: row.row, cells };
  });
  return { survey: { headers: survey.headers, rows }, renamed };
}
