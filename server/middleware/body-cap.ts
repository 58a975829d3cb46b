import type { MiddlewareHandler } from "hono";
import type { ErrorCode } from "../../shared/errors.ts";
import { ApiError } from "../lib/api-error.ts";

export interface BodyCap {
  maxBytes: number;
  /** The code a too-large body is refused with (uploads say FILE_TOO_LARGE). */
  code?: ErrorCode;
}

export interface BodyCapRule extends BodyCap {
  method: string;
  path: RegExp;
}

/** A stream that passes `body` through and fails with `tooLarge` as soon as more than `maxBytes` went by. */
function counted(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => ApiError,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        controller.close();
        return;
      }
      total += next.value.byteLength;
      if (total > maxBytes) {
        // Stop the upload at the socket: nothing more is read, and nothing is kept.
        await reader.cancel();
        controller.error(tooLarge());
        return;
      }
      controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Caps every request body by route, for every reader after it (handlers, multipart parsing, better-auth). A declared
 * length over the cap is refused at once; a chunked body is counted as it streams and reading fails with 413 the
 * moment it passes the cap, so no handler ever holds more than the cap. Nothing is read here: a handler that refuses
 * first (401, 403) never reads the body at all.
 */
export function bodyCap(rules: readonly BodyCapRule[], fallback: BodyCap): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const cap = rules.find((rule) => rule.method === c.req.method && rule.path.test(c.req.path)) ?? fallback;
    const tooLarge = () => new ApiError(cap.code ?? "BODY_TOO_LARGE", `Body over ${cap.maxBytes} bytes`);
    // Checked before touching the body: an untouched body is drained by the server and the connection kept.
    const declared = c.req.header("content-length");
    if (Number(declared ?? "0") > cap.maxBytes) throw tooLarge();
    // Node's parser ends a body at its declared length and refuses a request that declares a length and chunks too,
    // so only a chunked body needs counting; wrapping every body in a counting stream cost each request a new Request.
    if (declared !== undefined) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    c.req.raw = new Request(c.req.raw, { body: counted(body, cap.maxBytes, tooLarge), duplex: "half" } as RequestInit);
    return next();
  };
}
