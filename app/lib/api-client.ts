import type { ErrorBody, ErrorCode } from "../../shared/errors.ts";
import { connectivityMonitor } from "./network-status.ts";
import { readDeadline } from "./request-deadline.ts";

/** An answer from our API with an error code from the catalogue. */
export class ApiClientError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  constructor(status: number, body: ErrorBody["error"]) {
    super(body.message);
    this.name = "ApiClientError";
    this.code = body.code;
    this.status = status;
    this.details = body.details;
  }
}

/** The request never reached the server (offline, DNS, reset): callers fall back to offline behaviour. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : "Network request failed");
    this.name = "NetworkError";
  }
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TypeError;
}

type Json = Record<string, unknown> | unknown[];

type ApiInit = Omit<RequestInit, "body"> & {
  json?: Json;
  body?: BodyInit;
  /** Reads only: give up sooner than the default deadline (see readDeadline). */
  timeoutMs?: number;
};

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, timeoutMs, ...rest } = init;
  // Writes are never cut short: a sync or an upload that is slow is still landing.
  const deadline =
    (rest.method ?? "GET") === "GET" ? readDeadline(connectivityMonitor(), rest.signal, timeoutMs) : null;
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      ...(deadline ? { signal: deadline.signal } : {}),
      headers: { ...(json ? { "content-type": "application/json" } : {}), accept: "application/json", ...headers },
      body: json ? JSON.stringify(json) : init.body,
    });
    text = response.status === 204 ? "" : await response.text();
  } catch (error) {
    throw new NetworkError(error);
  } finally {
    deadline?.release();
  }
  if (response.status === 204) return undefined as T;
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A success that is not JSON did not come from the API (a captive portal's page, a cached app shell): as good as
    // no answer at all.
    if (response.ok) throw new NetworkError(new Error(`${path} answered ${response.status} with no JSON`));
    data = undefined;
  }
  if (!response.ok) {
    const body = (data as ErrorBody | undefined)?.error;
    throw new ApiClientError(
      response.status,
      body ?? { code: response.status >= 500 ? "INTERNAL" : "VALIDATION_FAILED", message: response.statusText },
    );
  }
  return data as T;
}
