import { contractPath, type ContractInput, type RouteContract, type WebContract } from "./route-contract.ts";

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

/**
 * The address of a call: the contract's path with its parameters filled in, then its query. For the callers that
 * need more than `callApi` gives (the raw answer's status, a file's bytes, an `<img>` source, a download link).
 */
export function contractUrl<const C extends RouteContract>(contract: C, input: Omit<ContractInput<C>, "body">): string;
export function contractUrl(
  contract: WebContract,
  input: { params?: Record<string, string>; query?: Record<string, unknown> },
): string {
  return contractPath(contract.path, input.params) + searchOf(input.query);
}
