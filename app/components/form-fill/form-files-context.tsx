import { createContext, useContext, useEffect, useMemo } from "react";
import type { FormTableData, FormTables } from "../../../shared/expressions/index.ts";
import { formTables } from "../../../shared/form-files/form-tables.ts";

/** What the form's widgets read of its attached files: the tables, and image files as URLs. */
export interface FormFilesView {
  tables: FormTables;
  /** An attached image by file name (a choice's `image`), undefined when the form has none of that name. */
  imageUrl: (name: string) => string | undefined;
}

const NONE: FormFilesView = { tables: () => undefined, imageUrl: () => undefined };
const FormFilesContext = createContext<FormFilesView>(NONE);

export const FormFilesProvider = FormFilesContext.Provider;

export function useFormFilesView(): FormFilesView {
  return useContext(FormFilesContext);
}

interface FileContent {
  file: { name: string };
  table?: FormTableData;
  image?: Blob;
}

/** The view of a form version's files; image URLs live while the files do (revoked when they change). */
export function useFilesView(files: readonly FileContent[] | undefined): FormFilesView {
  const tables = useMemo(
    () =>
      formTables((files ?? []).flatMap((entry) => (entry.table ? [{ name: entry.file.name, data: entry.table }] : []))),
    [files],
  );
  const urls = useMemo(
    () =>
      new Map(
        (files ?? []).flatMap((entry) =>
          entry.image ? [[entry.file.name.toLowerCase(), URL.createObjectURL(entry.image)] as const] : [],
        ),
      ),
    [files],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return useMemo(() => ({ tables, imageUrl: (name) => urls.get(name.toLowerCase()) }), [tables, urls]);
}
