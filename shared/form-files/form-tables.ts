import { FormTable, type FormTableData, type FormTables } from "../expressions/form-table.ts";
import { fileStem } from "./form-files.ts";

const built = new WeakMap<FormTableData, FormTable>();

/** One FormTable per table data (its column indexes are built once and kept while the data is). */
export function formTable(data: FormTableData): FormTable {
  let table = built.get(data);
  if (!table) {
    table = new FormTable(data);
    built.set(data, table);
  }
  return table;
}

/**
 * The resolver expressions read: a file by its name (`cities.csv`, in choice lists) or its XLSForm instance name
 * (`cities`, in `pulldata()` and `instance()`), case-insensitively.
 */
export function formTables(files: readonly { name: string; data: FormTableData }[]): FormTables {
  const byName = new Map<string, FormTableData>();
  for (const file of files) {
    byName.set(file.name.toLowerCase(), file.data);
    if (!byName.has(fileStem(file.name).toLowerCase())) byName.set(fileStem(file.name).toLowerCase(), file.data);
  }
  return (name) => {
    const data = byName.get(name.toLowerCase());
    return data ? formTable(data) : undefined;
  };
}
