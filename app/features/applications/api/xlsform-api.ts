import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { APPLICATIONS_QUERY_KEY } from "./applications-api.ts";

interface ImportAnswer {
  application: { id: string; name: string };
}

/** Where an application's form downloads as an XLSForm (its administrators only). */
export function xlsFormExportPath(applicationId: string): string {
  return `/api/applications/${applicationId}/xlsform`;
}

/** Uploads an XLSForm; the new application joins the list. */
export function useImportXlsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set("file", file);
      return apiFetch<ImportAnswer>("/api/applications/import/xlsform", { method: "POST", body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
