import { apiFetch } from "./api-client.ts";
import {
  contractPath,
  type ContractInput,
  type ContractResponse,
  type RouteContract,
} from "../../shared/api/route-contract.ts";

type CallInit = { signal?: AbortSignal; timeoutMs?: number };

function searchOf(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Calls an endpoint through its contract: the path, query and body are typed by it, and so is the answer. */
export function callApi<const C extends RouteContract>(
  contract: C,
  input: ContractInput<C>,
  init: CallInit = {},
): Promise<ContractResponse<C>> {
  const path = contractPath(contract.path, input.params) + searchOf(input.query);
  const body = input.body as Record<string, unknown> | unknown[] | undefined;
  return apiFetch<ContractResponse<C>>(path, {
    method: contract.method.toUpperCase(),
    ...(contract.body ? { json: body ?? {} } : {}),
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
