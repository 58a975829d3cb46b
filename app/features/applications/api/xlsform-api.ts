import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import type { XlsFormImportAnswer } from "../../../../shared/xlsform/xlsform-issues.ts";
import { APPLICATIONS_QUERY_KEY } from "./applications-api.ts";

type ImportAnswer = XlsFormImportAnswer<{ application: { id: string; name: string } }>;

/** Where an application's form downloads as an XLSForm (its administrators only). */
export function xlsFormExportPath(applicationId: string): string {
  return `/api/applications/${applicationId}/xlsform`;
}

export interface XlsFormUpload {
  file: File;
  /** Replaces the form's own title (when the owner already has an application of that name). */
  name?: string | undefined;
}

/** Uploads an XLSForm; the new application joins the list. */
export function useImportXlsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: XlsFormUpload) => {
      const body = new FormData();
      body.set("file", file);
      if (name !== undefined) body.set("name", name);
      return apiFetch<ImportAnswer>("/api/applications/import/xlsform", { method: "POST", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
