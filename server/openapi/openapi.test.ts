import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { APP_VERSION } from "../version.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { openApiPath } from "./route-paths.ts";
import { documentPaths } from "./document-paths.ts";
import { responseConformance } from "./response-conformance.ts";

describe("the OpenAPI reference", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("declares exactly the app's /api routes", () => {
    const app = new Set(
      server.app.routes
        .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
        .map((route) => `${route.method} ${route.path}`),
    );
    const declared = new Set(API_CONTRACTS.map((route) => `${route.method.toUpperCase()} ${route.path}`));
    expect(
      [...app]
        .filter((key) => !declared.has(key))
        .map((key) => `${key}: declare it in its contract (shared/api/contracts/)`),
    ).toEqual([]);
    expect([...declared].filter((key) => !app.has(key)).map((key) => `${key} is declared but not routed`)).toEqual([]);
  });

  it("names every operation once, and lists the 4xx answers each route's policy and validation give", async () => {
    const ids = API_CONTRACTS.map((route) => route.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; responses: Record<string, { description: string }>; security: unknown[] }>
      >;
    };
    const resolve = document.paths["/api/applications/{id}/entities/{entityId}/resolve"]?.post;
    expect(resolve?.operationId).toBe("resolveEntityConflict");
    expect(resolve?.responses["404"]?.description).toMatch(/APPLICATION_NOT_FOUND.*ENTITY_NOT_FOUND/);
    expect(resolve?.responses["409"]?.description).toContain("ENTITY_VERSION_CHANGED");
    expect(resolve?.responses["401"]?.description).toContain("UNAUTHENTICATED");
    expect(resolve?.security).toEqual([{ session: [] }]);
    const entities = document.paths["/api/applications/{id}/entities"]?.get;
    expect(entities?.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(document.paths["/api/health"]?.get?.security).toEqual([]);
  });

  it("declares what each route answers on success: a JSON schema, a file type or no content", () => {
    expect(
      API_CONTRACTS.filter((route) => !route.response && !route.media && route.status !== 204).map(
        (route) => `${route.method.toUpperCase()} ${route.path}: declare its response schema, its media or status 204`,
      ),
    ).toEqual([]);
  });

  it("serves an OpenAPI 3.1 document with every route, both security schemes and an ETag", async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age");
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(APP_VERSION);
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    const paths = documentPaths(API_CONTRACTS);
    for (const route of API_CONTRACTS) {
      const shown = paths.get(`${route.method} ${route.path}`)?.path ?? openApiPath(route.path);
      expect(document.paths[shown]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
    }
    const exportRoute = document.paths["/api/applications/{id}/{file}"]?.get as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(exportRoute.responses["200"]?.content ?? {})).toContain("text/csv");

    const etag = response.headers.get("etag") ?? "";
    const again = await fetch(`${server.url}/api/openapi.json`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves the reference page and its assets from Campo, no session needed", async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const response = await fetch(`${server.url}${asset[1] ?? ""}`);
      expect(response.status, asset[1]).toBe(200);
    }
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
  });

  it("checks responses against their schema on test servers: the health route passes", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe("response conformance", () => {
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    responseConformance([
      {
        method: "get",
        path: "/api/things/:id",
        response: z.strictObject({ id: z.string(), count: z.number() }),
      },
    ]),
  );
  app.get("/api/things/:id", (c) =>
    c.req.param("id") === "good" ? c.json({ id: "good", count: 1 }) : c.json({ id: 7, extra: true }),
  );

  it("lets a conforming response through unchanged", async () => {
    const response = await app.request("/api/things/good");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "good", count: 1 });
  });

  it("turns a response that breaks its declared schema into a 500 naming the differences", async () => {
    const response = await app.request("/api/things/bad");
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { message: string; details: string[] } };
    expect(body.error.message).toContain("GET /api/things/:id");
    expect(body.error.details.join("\n")).toMatch(/id:/);
    expect(body.error.details.join("\n")).toMatch(/count:/);
  });
});
