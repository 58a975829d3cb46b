import { apiFetch } from "./api-client.ts";
import {
  contractPath,
  type ContractInput,
  type ContractResponse,
  type RouteContract,
  type WebContract,
} from "../../shared/api/route-contract.ts";

/** A contract whose body is not JSON: the form travels as multipart, which `callApi` does not send. */
type UploadContract = RouteContract & { bodyMedia: readonly string[] };

/** Sends an upload to its contract's route: the path and the answer come from the contract, the body is the form. */
export function callUpload<const C extends UploadContract>(
  contract: C,
  input: ContractInput<C>,
  form: FormData,
): Promise<ContractResponse<C>> {
  const route: WebContract = contract;
  return apiFetch<ContractResponse<C>>(contractPath(route.path, input.params), {
    method: route.method.toUpperCase(),
    body: form,
  });
}
