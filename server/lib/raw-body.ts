import type { Context } from "hono";
import { ApiError } from "./api-error.ts";

/** Reads a raw body, stopping as soon as it passes the cap (a lying or absent Content-Length cannot fill memory). */
export async function readRawBody(c: Context, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError("BODY_TOO_LARGE", `Body over ${maxBytes} bytes`);
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ApiError("BODY_TOO_LARGE", `Body over ${maxBytes} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks, total);
}
