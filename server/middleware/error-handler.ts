import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ERRORS, type ErrorCode } from "../../shared/errors.ts";
import { ApiError } from "../lib/api-error.ts";
import { logger } from "../lib/logger.ts";

function codeForStatus(status: number): ErrorCode {
  if (status === 413) return "BODY_TOO_LARGE";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RATE_LIMITED";
  if (status >= 400 && status < 500) return "VALIDATION_FAILED";
  return "INTERNAL";
}

/** Every failure leaves as the catalogue's JSON body; stack traces go to the log only. */
export function handleError(err: Error, c: Context): Response {
  let apiError: ApiError;
  if (err instanceof ApiError) {
    apiError = err;
  } else if (err instanceof HTTPException) {
    apiError = new ApiError(codeForStatus(err.status), err.message || undefined);
  } else {
    logger.error("unhandled error", { path: c.req.path, method: c.req.method, error: err });
    apiError = new ApiError("INTERNAL", "Internal server error");
  }
  if (apiError.status >= 500 && err instanceof ApiError)
    logger.error("server error", { code: apiError.code, path: c.req.path });
  const retryAfter = (apiError.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (apiError.status === 429 && typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
  return c.json(apiError.toBody(), ERRORS[apiError.code].status as 400);
}
