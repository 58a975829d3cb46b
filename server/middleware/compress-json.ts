import type { Context, MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { negotiateEncoding } from "../lib/accept-encoding.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `c.body` as `c.json` calls it: the JSON text, then the status or init, then the headers. */
type BodyCall = (text: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response;

/**
 * Makes `c.json` remember the text it answers, so this middleware can measure and compress it without reading the
 * Response back: reading a Response's body builds a web stream and copies the bytes, which cost a small answer (a sync
 * batch's results) more CPU than the rest of its route. Same answer as Hono's own `c.json` (the text with
 * `Content-Type: application/json` unless the route named another).
 */
function rememberJson(c: Context): () => { res: Response; text: string } | undefined {
  let written: { res: Response; text: string } | undefined;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    const res = (c.body as BodyCall)(text, arg, { "Content-Type": "application/json", ...headers });
    written = { res, text };
    return res;
  }) as typeof c.json;
  return () => written;
}

/**
 * Compresses JSON answers of at least `thresholdBytes` (brotli, else gzip, as the client accepts). Only
 * `application/json`: every such body here is built whole in memory (c.json, c.body of a string), so reading it to
 * measure it costs little; streamed exports (CSV, GeoJSON, KML, XLSX), media and the service worker's traffic are
 * other types and pass through untouched, still streamed. A smaller answer of `c.json` is left as it is (its
 * Content-Length is set as it is sent).
 */
export function compressJson(thresholdBytes = 1024): MiddlewareHandler {
  return async (c, next) => {
    const written = rememberJson(c);
    await next();
    const res = c.res;
    if (!/^application\/json\b/i.test(res.headers.get("Content-Type") ?? "") || res.headers.has("Content-Encoding"))
      return;
    res.headers.append("Vary", "Accept-Encoding");
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"]);
    if (!encoding) return;
    const json = written();
    const text = json?.res === res ? json.text : undefined;
    if (text === undefined ? !res.body : Buffer.byteLength(text) < thresholdBytes) return;
    const bytes = text === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(text);
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
    // Cleared first: Hono merges a new response into the one it holds by reading that one's body again.
    c.res = undefined;
    c.res = new Response(new Uint8Array(body), { status: res.status, headers });
  };
}
