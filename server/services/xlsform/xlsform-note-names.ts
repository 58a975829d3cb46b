import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { canonicalType } from "./xlsform-aliases.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";

/**
 * KoboToolbox and the forms made with it leave a note's `name` blank (a section heading, an instruction): a note
 * holds no answer, so nothing reads its name. Campo names every field, so such a note is named `note_<row>` (its
 * survey row, stable across imports of the same file; `_2`… when a field already has that name) and the importer is
 * told. Other nameless rows are left for the form rules to report: their answers need a name the author chooses.
 */
export function nameNamelessNotes(survey: Sheet): { survey: Sheet; notes: XlsFormIssue[] } {
  const isNamelessNote = (row: SheetRow) =>
    cell(row, "name") === "" && canonicalType(cell(row, "type")).toLowerCase() === "note";
  if (!survey.rows.some(isNamelessNote)) return { survey, notes: [] };
  const taken = new Set(survey.rows.map((row) => cell(row, "name").toLowerCase()).filter((name) => name !== ""));
  const notes: XlsFormIssue[] = [];
  const rows = survey.rows.map((row): SheetRow => {
    if (!isNamelessNote(row)) return row;
    let name = `note_${row.row}`;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `note_${row.row}_${suffix}`;
    taken.add(name);
    notes.push({ sheet: "survey", row: row.row, column: "name", key: "xlsform:issues.noteNamed", params: { name } });
    return { row: row.row, cells: new Map([...row.cells, ["name", name]]) };
  });
  return { survey: { headers: survey.headers, rows }, notes };
}
