import {
  FIELD_NAME_MAX,
  FIELD_NAME_PATTERN,
  FIELDS_MAX,
  fieldNameFromLabel,
} from "../../../shared/fields/field-config.ts";
import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import type { ChoiceList, ChoiceOption } from "./xlsform-choices.ts";
import { renameReferences } from "./xlsform-names.ts";
import { cell, type Sheet, type SheetRow } from "./xlsform-sheets.ts";

const BEGIN_LOOP = /^begin[\s_]+loop[\s_]+over\s+(\S+)$/i;
const END_LOOP = /^end[\s_]+loop$/i;
/**
 * Rows a survey may expand to. Loops multiply (a loop over 10,000 options inside another is 10^8 rows), and a form
 * holds at most FIELDS_MAX fields anyway: expansion stops there instead of filling memory first.
 */
const EXPANDED_ROWS_MAX = 2 * FIELDS_MAX;

/**
 * pyxform's `begin loop over <list>` … `end loop`: a group of the loop's name holding, per option of the list, a
 * group labelled with the option holding a copy of the loop's questions, `%(name)s` and `%(label)s` in their cells
 * replaced by the option's name and label (in the cell's language). Campo's names are unique across the form, where
 * XML's are unique within their group, so each copy of a question is named `<question>_<option>` (made unique) and
 * the copy's references to the loop's own questions (`${number}`) follow it. The rows keep their numbers, so issues
 * land on the loop's rows.
 */
export function expandLoops(
  survey: Sheet,
  lists: ReadonlyMap<string, ChoiceList>,
  choices: Sheet | undefined,
): { survey: Sheet; issues: XlsFormIssue[] } {
  const issues: XlsFormIssue[] = [];
  const taken = new Set(survey.rows.map((row) => cell(row, "name").toLowerCase()).filter((name) => name !== ""));
  const expand = (rows: readonly SheetRow[]): SheetRow[] => {
    const result: SheetRow[] = [];
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as SheetRow;
      const listName = BEGIN_LOOP.exec(cell(row, "type").trim())?.[1];
      if (listName === undefined) {
        result.push(row);
        continue;
      }
      const end = matchingEnd(rows, index);
      const list = lists.get(listName);
      const at = { sheet: "survey" as const, row: row.row, column: "type" };
      if (end === null) {
        issues.push({ ...at, key: "xlsform:issues.unclosedGroup", params: { name: cell(row, "name") } });
        return result;
      }
      if (!list) {
        issues.push({ ...at, key: "xlsform:issues.unknownList", params: { list: listName } });
        index = end;
        continue;
      }
      const body = expand(rows.slice(index + 1, end));
      if (result.length + list.options.length * (body.length + 2) > EXPANDED_ROWS_MAX) {
        issues.push({ ...at, key: "xlsform:issues.loopTooLarge", params: { max: String(FIELDS_MAX) } });
        return result;
      }
      result.push(withType(row, "begin group"));
      const choiceRows = new Map(choices?.rows.map((choiceRow) => [choiceRow.row, choiceRow]));
      for (const option of list.options)
        result.push(...optionGroup(body, option, choiceRows.get(option.row), { loop: row, survey, taken }));
      result.push(withType(rows[end] as SheetRow, "end group"));
      index = end;
    }
    return result;
  };
  return { survey: { headers: survey.headers, rows: expand(survey.rows) }, issues };
}

function matchingEnd(rows: readonly SheetRow[], begin: number): number | null {
  let depth = 0;
  for (let index = begin; index < rows.length; index += 1) {
    const type = cell(rows[index] as SheetRow, "type").trim();
    if (BEGIN_LOOP.test(type)) depth += 1;
    else if (END_LOOP.test(type) && --depth === 0) return index;
  }
  return null;
}

function withType(row: SheetRow, type: string): SheetRow {
  return { row: row.row, cells: new Map([...row.cells, ["type", type]]) };
}

/** A name of the form's pattern, not yet taken (case-insensitively, as names compare). */
function uniqueName(wanted: string, taken: Set<string>): string {
  const base = FIELD_NAME_PATTERN.test(wanted) ? wanted : fieldNameFromLabel(wanted);
  let name = base.slice(0, FIELD_NAME_MAX);
  for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1)
    name = `${base.slice(0, FIELD_NAME_MAX - String(suffix).length - 1)}_${suffix}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The option's group: its label in every language the survey writes labels in, then the copied questions. */
function optionGroup(
  body: readonly SheetRow[],
  option: ChoiceOption,
  choiceRow: SheetRow | undefined,
  { loop, survey, taken }: { loop: SheetRow; survey: Sheet; taken: Set<string> },
): SheetRow[] {
  const labelIn = (key: string) => {
    const language = key.split("::")[1];
    return (choiceRow && cell(choiceRow, language === undefined ? "label" : `label::${language}`)) || option.label;
  };
  const groupName = uniqueName(`${cell(loop, "name")}_${option.name}`, taken);
  const labels = [...survey.headers.keys()].filter((key) => key === "label" || key.startsWith("label::"));
  const groupCells = new Map<string, string>([
    ["type", "begin group"],
    ["name", groupName],
  ]);
  for (const key of labels.length > 0 ? labels : ["label"]) groupCells.set(key, labelIn(key));
  const renamed = new Map(
    body.flatMap((row) => {
      const name = cell(row, "name");
      const wanted = name.includes("%(name)s") ? name.replaceAll("%(name)s", option.name) : `${name}_${option.name}`;
      return name === "" ? [] : [[name, uniqueName(wanted, taken)] as const];
    }),
  );
  const copies = body.map((row): SheetRow => {
    const cells = new Map<string, string>();
    for (const [key, value] of row.cells) {
      const substituted = value.replaceAll("%(name)s", option.name).replaceAll("%(label)s", labelIn(key));
      cells.set(key, key === "name" ? (renamed.get(value) ?? substituted) : renameReferences(substituted, renamed));
    }
    return { row: row.row, cells };
  });
  return [{ row: loop.row, cells: groupCells }, ...copies, { row: loop.row, cells: new Map([["type", "end group"]]) }];
}
