import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { parseByteRange } from "../../lib/byte-range.ts";
import { LOCAL_PMTILES_PATH } from "../../../shared/map/base-map.ts";

/**
 * GET/HEAD of the local PMTiles archive (MAP_PMTILES_URL=/path/file.pmtiles) with single byte ranges: the PMTiles
 * reader fetches the header, directories and each tile as ranges of one file. The ETag changes when the file is
 * replaced, which tells the reader to drop what it cached of the old one. Public like any basemap: no session.
 */
export function pmtilesFileRoutes(file: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.on(["GET", "HEAD"], LOCAL_PMTILES_PATH, (c) => {
    const { size, mtimeMs } = statSync(file);
    const headers: Record<string, string> = {
      "Accept-Ranges": "bytes",
      "Content-Type": "application/vnd.pmtiles",
      "Cache-Control": "public, max-age=3600",
      ETag: `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
    };
    const range = parseByteRange(c.req.header("Range"), size);
    if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const status = range ? 206 : 200;
    const sent = {
      ...headers,
      "Content-Length": String(end - start + 1),
      ...(range ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}),
    };
    if (c.req.method === "HEAD" || size === 0) return c.body(null, status, sent);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return c.body(stream, status, sent);
  });
  return routes;
}
