import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/** A local MAP_PMTILES_URL file served over real HTTP with single byte ranges, as the PMTiles reader asks. */
describe("local PMTiles archive", () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  let server: TestServer;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "campo-pmtiles-")), "brazil.pmtiles");
    writeFileSync(file, bytes);
    server = await startTestServer({ env: { MAP_PMTILES_URL: file } });
  });
  afterAll(() => server?.stop());

  const get = (headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${server.url}/base-map/tiles.pmtiles`, { method, headers });

  it("tells the web to draw it from Campo's fixed URL", async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(await response.json()).toEqual({ baseMap: { kind: "pmtiles", url: "/base-map/tiles.pmtiles" } });
  });

  it("answers a range with 206, Content-Range and exactly those bytes", async () => {
    const response = await get({ Range: "bytes=100-199" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(response.headers.get("content-length")).toBe("100");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it("answers open-ended and suffix ranges up to the last byte", async () => {
    const open = await get({ Range: "bytes=990-" });
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(Buffer.from(await open.arrayBuffer())).toEqual(bytes.subarray(990));
    const suffix = await get({ Range: "bytes=-5" });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(bytes.subarray(995));
  });

  it("answers 416 with the size for a range past the end", async () => {
    const response = await get({ Range: "bytes=1000-1100" });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */1000");
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it("sends the whole file without a Range, and only headers to HEAD", async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const head = await get({ Range: "bytes=0-9" }, "HEAD");
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("10");
    expect(head.headers.get("etag")).toBe(whole.headers.get("etag"));
  });
});
