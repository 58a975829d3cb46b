import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { mountRoute } from "../http/mount-route.ts";
import { ApiError } from "../lib/api-error.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { APP_VERSION } from "../version.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";
import * as contracts from "../../shared/api/contracts/openapi.ts";

const SWAGGER_DIR = path.join(PROJECT_ROOT, "node_modules", "swagger-ui-dist");
// Our own start-up script instead of swagger-ui-dist's initializer: the CSP allows no inline script.
// Tags start collapsed, as an index of the ~30 areas that fits a screen. Swagger UI 5 renders its operation list
// virtually (only the rows on screen are in the page), so with every tag open the page shows one area at a time and
// the browser's find-in-page misses every operation off screen (docs/decisions.md "API reference: tags collapsed").
const INIT_SCRIPT =
  'window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#reference", deepLinking: true, docExpansion: "none" });\n';
const ASSETS: Record<string, { type: string; body: () => string }> = {
  "swagger-ui.css": { type: "text/css", body: () => readFileSync(path.join(SWAGGER_DIR, "swagger-ui.css"), "utf8") },
  "swagger-ui-bundle.js": {
    type: "text/javascript",
    body: () => readFileSync(path.join(SWAGGER_DIR, "swagger-ui-bundle.js"), "utf8"),
  },
  "init.js": { type: "text/javascript", body: () => INIT_SCRIPT },
};
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Campo API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css?v=${APP_VERSION}">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js?v=${APP_VERSION}"></script>
<script src="/api/docs/init.js?v=${APP_VERSION}"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json and the reference page at /api/docs, public. The document changes only with a release, so it
 * is built once and revalidated by its version ETag; the assets carry the version in their URL and are cached a day.
 */
export function openApiRoutes(db: Db) {
  const app = new Hono<AppEnv>();
  let document: string | undefined;
  const etag = `"${APP_VERSION}"`;
  mountRoute(app, db, contracts.getOpenApiDocument, (c) => {
    c.header("Cache-Control", "public, max-age=300, must-revalidate");
    c.header("ETag", etag);
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    document ??= JSON.stringify(buildOpenApiDocument(API_CONTRACTS));
    return c.body(document, 200, { "Content-Type": "application/json; charset=utf-8" });
  });
  mountRoute(app, db, contracts.getApiDocsPage, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(PAGE);
  });
  const loaded = new Map<string, string>();
  mountRoute(app, db, contracts.getApiDocsAsset, (c, { params: { asset: name } }) => {
    const asset = ASSETS[name];
    if (!asset) throw new ApiError("NOT_FOUND", "No such asset");
    let body = loaded.get(name);
    if (body === undefined) loaded.set(name, (body = asset.body()));
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(body, 200, { "Content-Type": `${asset.type}; charset=utf-8` });
  });
  return app;
}
