import { FIELD_NAME_MAX, FIELD_NAME_PATTERN } from "../../../shared/fields/field-config.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";

/** A field name the import changed because Campo's names cannot hold it (`label-test` → `label_test`). */
export interface RenamedName {
  from: string;
  to: string;
}

/** An XML name as XLSForm allows it: Campo's characters plus `-` and `.` after the first. */
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * XLSForm names are XML names, which may hold `-` and `.` (`label-test`); Campo's are not, because a name is also an
 * OData property, a CSV header and a webhook key, and those allow neither. Such a name is renamed with `_` in their
 * place (made unique with `_2`… if that is taken) and every `${old}` in the survey follows it. Other bad names are
 * left for the form rules to report at their cell.
 */
export function renameXmlNames(survey: Sheet): { survey: Sheet; renamed: RenamedName[] } {
  const names = survey.rows.map((row) => cell(row, "name")).filter((name) => name !== "");
  const taken = new Set(names.filter((name) => FIELD_NAME_PATTERN.test(name)).map((name) => name.toLowerCase()));
  const renamed = new Map<string, string>();
  for (const name of names) {
    if (FIELD_NAME_PATTERN.test(name) || !XML_NAME.test(name) || name.length > FIELD_NAME_MAX || renamed.has(name))
      continue;
    const base = name.replace(/[.-]/g, "_");
    let candidate = base;
    for (let suffix = 2; taken.has(candidate.toLowerCase()); suffix += 1)
      candidate = `${base.slice(0, FIELD_NAME_MAX - String(suffix).length - 1)}_${suffix}`;
    taken.add(candidate.toLowerCase());
    renamed.set(name, candidate);
  }
  if (renamed.size === 0) return { survey, renamed: [] };
  const rows = survey.rows.map((row): SheetRow => {
    const cells = new Map<string, string>();
    for (const [key, value] of row.cells)
      cells.set(key, key === "name" ? (renamed.get(value) ?? value) : renameReferences(value, renamed));
    return { row: row.row, cells };
  });
  return {
    survey: { headers: survey.headers, rows },
    renamed: [...renamed].map(([from, to]) => ({ from, to })),
  };
}

/** `${old}` → `${new}` for each renamed field, spaces inside the braces allowed as pyxform allows them. */
export function renameReferences(text: string, renamed: ReadonlyMap<string, string>): string {
  if (!text.includes("${")) return text;
  return text.replace(/\$\{\s*([^}\s]+)\s*\}/g, (whole, name: string) => {
    const next = renamed.get(name);
    return next === undefined ? whole : `\${${next}}`;
  });
}

/** One import notice per renamed field, at the survey row that names it, for the importer to be told. */
export function renameNotes(survey: Sheet, renamed: readonly RenamedName[]): XlsFormIssue[] {
  return renamed.map(({ from, to }) => ({
    sheet: "survey",
    // Found by the new name: a name used again in another group (`name` → `name_2`) names several rows before.
    row: survey.rows.find((row) => cell(row, "name") === to)?.row ?? null,
    column: "name",
    key: "xlsform:issues.fieldRenamed",
    params: { from, to },
  }));
}
