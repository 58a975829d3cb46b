/**
 * A table attached to a form (a CSV, or a GeoJSON's features), as expressions read it: `pulldata()`,
 * `instance('name')/root/item[…]/column` and choice lists from a file. Built once per file version and kept, so the
 * per-keystroke work is lookups in column indexes, never parsing.
 */
export interface FormTableData {
  /** Column names as the file's header spells them. */
  columns: string[];
  /** One text per column per row (missing cells are ""). */
  rows: string[][];
}

export class FormTable {
  private readonly positions = new Map<string, number>();
  private readonly indexes = new Map<number, Map<string, number[]>>();

  constructor(readonly data: FormTableData) {
    data.columns.forEach((column, position) => {
      const key = column.toLowerCase();
      if (!this.positions.has(key)) this.positions.set(key, position);
    });
  }

  get size(): number {
    return this.data.rows.length;
  }

  /** The column's position (names compare case-insensitively), or undefined when the file has no such column. */
  column(name: string): number | undefined {
    return this.positions.get(name.toLowerCase());
  }

  cell(row: number, column: number): string {
    return this.data.rows[row]?.[column] ?? "";
  }

  /** Rows whose column holds exactly the value, in file order (the column's index is built on first use). */
  rowsWhere(column: number, value: string): readonly number[] {
    let index = this.indexes.get(column);
    if (!index) {
      index = new Map();
      this.data.rows.forEach((row, position) => {
        const key = row[column] ?? "";
        const list = index?.get(key);
        if (list) list.push(position);
        else index?.set(key, [position]);
      });
      this.indexes.set(column, index);
    }
    return index.get(value) ?? [];
  }

  /** Every row, in file order. */
  allRows(): readonly number[] {
    return this.data.rows.map((_, position) => position);
  }
}

/** The form's attached tables by file name (`cities.csv`); undefined for a name the form has no table for. */
export type FormTables = (fileName: string) => FormTable | undefined;
