import { api } from "./api-client.ts";
import type { ClearDataResult } from "../../shared/applications/application-dtos.ts";

/** DELETE /api/applications/:id/submissions: the one call behind 'Limpar dados' on the card and on the data page. */
export function clearApplicationData(applicationId: string): Promise<ClearDataResult> {
  return api.delete<ClearDataResult>(`/api/applications/${encodeURIComponent(applicationId)}/submissions`);
}
