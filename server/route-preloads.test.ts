import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROUTE_PRELOADS_FILE, type RoutePreload } from "./route-preloads.ts";
import { preloadHints } from "./test-support/preload-hints.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";

function route(pattern: string, script: string, namespace: string): RoutePreload {
  const catalogs = (language: string) => [`/assets/common-${language}.js`, `/assets/${namespace}-${language}.js`];
  return {
    pattern,
    scripts: [`/assets/${script}.js`],
    catalogs: { "pt-BR": catalogs("pt-BR"), en: catalogs("en"), es: catalogs("es") },
  };
}

/** The hrefs of the hints the served index.html carries. */
async function hintsOf(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<div id="root"></div>');
  return preloadHints(html);
}

describe("the app's index.html preloads the route it is served at", () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "campo-dist-"));
    mkdirSync(path.join(dist, ".vite"));
    writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><title>Campo</title></head><body><div id="root"></div></body></html>',
    );
    const routes = [
      route("/applications", "applications-page", "applications"),
      route("/applications/new", "designer-page", "designer"),
      route("/applications/:id", "detail-page", "applications"),
      route("/applications/:id/collect", "collect-page", "collect"),
      route("/applications/:id/data", "data-page", "data"),
      route("/*", "not-found-page", "common"),
    ];
    writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(routes));
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("hints the page's chunks and its catalogs in the browser's language", async () => {
    expect(await hintsOf(`${server.url}/applications/0b6f/collect`, { "accept-language": "en-US,en;q=0.9" })).toEqual([
      "/assets/collect-page.js",
      "/assets/common-en.js",
      "/assets/collect-en.js",
    ]);
    expect(await hintsOf(`${server.url}/applications`)).toEqual([
      "/assets/applications-page.js",
      "/assets/common-pt-BR.js",
      "/assets/applications-pt-BR.js",
    ]);
  });

  it("prefers a route's own word to a parameter, and a parameter to the catch-all", async () => {
    expect((await hintsOf(`${server.url}/applications/new`))[0]).toBe("/assets/designer-page.js");
    expect((await hintsOf(`${server.url}/applications/0b6f`))[0]).toBe("/assets/detail-page.js");
    expect((await hintsOf(`${server.url}/nowhere/at/all`))[0]).toBe("/assets/not-found-page.js");
  });

  it("starts the session check only for a browser that holds a session cookie", async () => {
    const signedIn = await hintsOf(`${server.url}/applications`, { cookie: "campo.session_token=abc.def" });
    expect(signedIn[0]).toBe("/api/me");
    expect(await hintsOf(`${server.url}/applications`, { cookie: "other=1" })).not.toContain("/api/me");
  });

  it("starts a signed-in page's own reads too, at the addresses the app asks for", async () => {
    const cookie = { cookie: "campo.session_token=abc.def" };
    const id = "0b6f3c1e-8d2a-4c55-9a71-2f4e5d6c7b8a";
    const reads = async (url: string) => (await hintsOf(url, cookie)).filter((href) => href.startsWith("/api/"));
    expect(await reads(`${server.url}/applications`)).toEqual(["/api/me", "/api/applications"]);
    expect(await reads(`${server.url}/applications/${id}/collect`)).toEqual(["/api/me"]);
    expect(await reads(`${server.url}/applications/${id}/data`)).toEqual([
      "/api/me",
      `/api/applications/${id}/data-view`,
      `/api/applications/${id}/records?sort=createdAt&order=desc&limit=50`,
    ]);
    // Another tab, a filter or another order asks for another list (or none): only the view is certain.
    expect(await reads(`${server.url}/applications/${id}/data?tab=map`)).toEqual([
      "/api/me",
      `/api/applications/${id}/data-view`,
    ]);
    expect(await reads(`${server.url}/applications/new`)).toEqual(["/api/me"]);
    expect((await hintsOf(`${server.url}/applications/${id}/data`)).some((href) => href.startsWith("/api/"))).toBe(
      false,
    );
  });

  it("writes a path's parameter into the hint encoded, whatever the request's path holds", async () => {
    const response = await fetch(`${server.url}/applications/a%22%3E%3Cscript%3E/data`, {
      headers: { cookie: "campo.session_token=abc.def" },
    });
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      '<link rel="preload" href="/api/applications/a%22%3E%3Cscript%3E/data-view" as="fetch" crossorigin>',
    );
  });
});
