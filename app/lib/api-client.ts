import type { ErrorBody, ErrorCode } from "../../shared/errors.ts";

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

export async function apiFetch<T>(
  path: string,
  init: Omit<RequestInit, "body"> & { json?: Json; body?: BodyInit } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { ...(json ? { "content-type": "application/json" } : {}), accept: "application/json", ...headers },
      body: json ? JSON.stringify(json) : init.body,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
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

export const api = {
  get: <T>(path: string, init?: Omit<RequestInit, "body">) => apiFetch<T>(path, { ...init, method: "GET" }),
  post: <T>(path: string, json?: Json) => apiFetch<T>(path, { method: "POST", json: json ?? {} }),
  put: <T>(path: string, json?: Json) => apiFetch<T>(path, { method: "PUT", json: json ?? {} }),
  patch: <T>(path: string, json?: Json) => apiFetch<T>(path, { method: "PATCH", json: json ?? {} }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: "DELETE" }),
};
