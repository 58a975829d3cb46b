import {
  evaluateExpression,
  type EvaluationScope,
  type Expression,
  type FormTable,
  filterRows,
} from "../expressions/index.ts";

/** The attached table a choice field reads its options from (`select_one_from_file`), if it reads one. */
export function choicesFileOf(field: { config: object }): string | undefined {
  const value: unknown = Reflect.get(field.config, "choicesFile");
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** One choice of a file: its `name` (the stored answer), `label`, and `image` when the file has that column. */
export interface FileChoice {
  name: string;
  label: string;
  image?: string;
}

/**
 * The names a file's choice filter keeps, in file order (all rows without one); rows without a name are skipped.
 * Equality parts of the filter are answered from the table's column indexes (shared/expressions/table-filter.ts).
 */
export function fileOptionNames(table: FormTable, filter: Expression | undefined, scope: EvaluationScope): string[] {
  const name = table.column("name");
  if (name === undefined) return [];
  const rows = filterRows(table, filter ?? null, (expression, option) =>
    evaluateExpression(expression, { ...scope, option }),
  );
  const names: string[] = [];
  for (const row of rows) {
    const value = table.cell(row, name);
    if (value !== "") names.push(value);
  }
  return names;
}

/** The choices of the given names, for widgets (labels and images read from the same rows). */
export function fileChoices(table: FormTable, names: readonly string[]): FileChoice[] {
  const nameColumn = table.column("name");
  if (nameColumn === undefined) return [];
  const label = table.column("label");
  const image = table.column("image") ?? table.column("media::image");
  return names.map((name) => {
    const [row] = table.rowsWhere(nameColumn, name);
    if (row === undefined) return { name, label: name };
    const imageName = image === undefined ? "" : table.cell(row, image);
    return {
      name,
      label: (label === undefined ? "" : table.cell(row, label)) || name,
      ...(imageName === "" ? {} : { image: imageName }),
    };
  });
}
