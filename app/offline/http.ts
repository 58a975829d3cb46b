/**
 * The engine's view of one request: an answer with its status, or no answer at all (offline, reset, timeout).
 * Sync decides per status what is worth retrying, so it does not go through the generic api client.
 */
export type HttpOutcome = { kind: "response"; status: number; body: unknown } | { kind: "network"; error: unknown };

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
