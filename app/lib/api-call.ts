import { apiFetch } from "./api-client.ts";
import {
  contractPath,
  type ContractInput,
  type ContractResponse,
  type RouteContract,
  type WebContract,
} from "../../shared/api/route-contract.ts";
import { contractUrl } from "../../shared/api/contract-url.ts";

type CallInit = { signal?: AbortSignal; timeoutMs?: number };

/** Calls an endpoint through its contract: the path, query and body are typed by it, and so is the answer. */
export function callApi<const C extends RouteContract>(
  contract: C,
  input: ContractInput<C>,
  init: CallInit = {},
): Promise<ContractResponse<C>> {
  const route: WebContract = contract;
  const body = input.body as Record<string, unknown> | unknown[] | undefined;
  return apiFetch<ContractResponse<C>>(contractUrl(contract, input), {
    method: route.method.toUpperCase(),
    ...(route.body ? { json: body ?? {} } : {}),
    ...init,
  });
}

/**
 * The query key of a resource: its path's segments with the parameters filled in (`["api", "applications", id,
 * "entities"]`), then the query if any. Keys nest as paths do, so invalidating an application's key also invalidates
 * everything read under it.
 */
export function resourceKey(path: string, params: Record<string, string> = {}, query?: object): unknown[] {
  const segments = contractPath(path, params).split("/").filter(Boolean).map(decodeURIComponent);
  return query ? [...segments, query] : segments;
}

/** The query key of a GET contract's answer for one input. */
export function queryKeyOf<const C extends RouteContract>(contract: C, input: ContractInput<C>): unknown[] {
  return resourceKey(contract.path, input.params, input.query);
}

/**
 * The key of a read this device answers from its own copy when the server cannot be reached (the collect screen's
 * form, files, layers): under the resource's key, so invalidating the resource refreshes it, but apart from the
 * server's own answer (its data has another shape) and per signed-in user (the copies are kept per user).
 */
export function deviceKey(resource: unknown[], userId: string): unknown[] {
  return [...resource, { device: userId }];
}
