import { contractUrl } from "../../shared/api/contract-url.ts";
import type { ContractInput, RouteContract, WebContract } from "../../shared/api/route-contract.ts";

/**
 * The engine's view of one request: an answer with its status, or no answer at all (offline, reset, timeout).
 * Sync decides per status what is worth retrying, so it does not go through the generic api client.
 */
export type HttpOutcome = { kind: "response"; status: number; body: unknown } | { kind: "network"; error: unknown };

/** One request by address; uploads use it (their bytes are no JSON body), everything else `requestRoute`. */
export async function request(path: string, init: RequestInit & { timeoutMs: number }): Promise<HttpOutcome> {
  const { timeoutMs, ...rest } = init;
  try {
    const response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { accept: "application/json", ...rest.headers },
      // A connection that hangs must not hold the sync lock for ever.
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { kind: "response", status: response.status, body };
  } catch (error) {
    return { kind: "network", error };
  }
}

type RouteInit = { timeoutMs: number; headers?: Record<string, string> };

/**
 * One call of a contract's route, answered as an outcome (never thrown), so the engine keeps deciding per status. A
 * contract with a JSON body sends `input.body` as JSON.
 */
export function requestRoute<const C extends RouteContract>(
  contract: C,
  input: ContractInput<C>,
  init: RouteInit,
): Promise<HttpOutcome> {
  const route: WebContract = contract;
  const json = route.body !== undefined;
  return request(contractUrl(contract, input), {
    method: route.method.toUpperCase(),
    timeoutMs: init.timeoutMs,
    headers: { ...(json ? { "content-type": "application/json" } : {}), ...init.headers },
    ...(json ? { body: JSON.stringify(input.body) } : {}),
  });
}

/** Worth another attempt: no answer, a server error, a timeout or throttling. */
export function isTransient(outcome: HttpOutcome): boolean {
  return outcome.kind === "network" || outcome.status >= 500 || outcome.status === 408 || outcome.status === 429;
}

/** The body of a 2xx answer; undefined for anything else. */
export function successBody(outcome: HttpOutcome): { body: unknown } | undefined {
  return outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300
    ? { body: outcome.body }
    : undefined;
}

export function isUnauthorized(outcome: HttpOutcome): boolean {
  return outcome.kind === "response" && outcome.status === 401;
}

export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
