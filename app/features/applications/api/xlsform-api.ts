import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { contractUrl } from "../../../../shared/api/contract-url.ts";
import { exportXlsForm, importXlsForm } from "../../../../shared/api/contracts/xlsform.ts";
import type { ContractResponse } from "../../../../shared/api/route-contract.ts";
import { APPLICATIONS_QUERY_KEY } from "./applications-api.ts";

/** Where an application's form downloads as an XLSForm (its administrators only). */
export function xlsFormExportPath(applicationId: string): string {
  return contractUrl(exportXlsForm, { params: { id: applicationId } });
}

export interface XlsFormUpload {
  file: File;
  /** Replaces the form's own title (when the owner already has an application of that name). */
  name?: string | undefined;
}

/** Uploads an XLSForm (a multipart body, which callApi does not send); the new application joins the list. */
export function useImportXlsForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: XlsFormUpload) => {
      const body = new FormData();
      body.set("file", file);
      if (name !== undefined) body.set("name", name);
      return apiFetch<ContractResponse<typeof importXlsForm>>(contractUrl(importXlsForm, {}), {
        method: importXlsForm.method.toUpperCase(),
        body,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
