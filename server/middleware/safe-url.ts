import type { MiddlewareHandler } from "hono";
import { ApiError } from "../lib/api-error.ts";
import { isSafeText } from "../../shared/text/safe-text.ts";

function refuse(message: string): never {
  throw new ApiError("VALIDATION_FAILED", "Invalid request", [{ path: "", message, code: "invalid_characters" }]);
}

/**
 * Path parameters and query values reach SQL as text, where NUL fails the statement (a 500) and a broken
 * percent-escape throws while decoding; both are refused here, for every route, before any handler.
 */
export function safeUrl(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      refuse("Malformed percent-encoding in the path");
    }
    if (!isSafeText(path)) refuse("The path holds NUL or a lone surrogate");
    for (const [name, value] of url.searchParams) {
      if (!isSafeText(name) || !isSafeText(value))
        refuse(`Query parameter ${JSON.stringify(name.slice(0, 40))} holds NUL or a lone surrogate`);
    }
    await next();
  };
}
