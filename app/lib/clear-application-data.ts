import { callApi } from "./api-call.ts";
import { clearApplicationData as clearContract } from "../../shared/api/contracts/applications.ts";
import type { ClearDataResult } from "../../shared/applications/application-dtos.ts";

/** DELETE /api/applications/:id/submissions: the one call behind 'Limpar dados' on the card and on the data page. */
export function clearApplicationData(applicationId: string): Promise<ClearDataResult> {
  return callApi(clearContract, { params: { id: applicationId } });
}
