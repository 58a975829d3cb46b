import type { MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { negotiateEncoding } from "../lib/accept-encoding.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses JSON answers of at least `thresholdBytes` (brotli, else gzip, as the client accepts). Only
 * `application/json`: every such body here is built whole in memory (c.json, c.body of a string), so reading it to
 * measure it costs nothing; streamed exports (CSV, GeoJSON, KML, XLSX), media and the service worker's traffic are
 * other types and pass through untouched, still streamed.
 */
export function compressJson(thresholdBytes = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      !/^application\/json\b/i.test(res.headers.get("Content-Type") ?? "") ||
      res.headers.has("Content-Encoding") ||
      !res.body
    )
      return;
    res.headers.append("Vary", "Accept-Encoding");
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"]);
    if (!encoding) return;
    const bytes = Buffer.from(await res.arrayBuffer());
    let body: Buffer = bytes;
    if (bytes.length >= thresholdBytes) {
      // Brotli quality 5: close to gzip's speed for a JSON answer made per request, and still smaller.
      body =
        encoding === "br"
          ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzipAsync(bytes);
    }
    const headers = new Headers(res.headers);
    if (body !== bytes) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    c.res = new Response(new Uint8Array(body), { status: res.status, statusText: res.statusText, headers });
  };
}
