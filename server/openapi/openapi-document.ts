import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { APP_VERSION } from "../version.ts";
import { openApiPath } from "./route-paths.ts";
import { documentPaths, type DocumentPath } from "./document-paths.ts";
import { routeErrors } from "./route-errors.ts";
import { registerWebhookPayloads } from "./webhook-payload-docs.ts";
import { ERRORS, type ErrorCode } from "../../shared/errors.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/**
 * Path parameters the contract did not spell out are strings named after the Hono path; one the document renames
 * (a path shape shared with another route) says which value it is.
 */
function pathParams(route: RouteContract, where: DocumentPath) {
  const names = [...openApiPath(route.path).matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
  if (!names.length) return undefined;
  const schemas: Record<string, z.ZodType> = route.params?.shape ?? {};
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const schema = schemas[name] ?? z.string();
        const shown = where.renames.get(name) ?? name;
        return [shown, shown === name ? schema : schema.describe(`The ${name} (this route's \`${name}\`).`)];
      }),
    ),
  );
}

function successContent(route: RouteContract) {
  // A JSON media type of a route with a response schema (OData's) is described by it, not as a string.
  const schemaOf = (type: string) => (route.response && type.includes("json") ? route.response : z.string());
  if (route.media) return Object.fromEntries(route.media.map((type) => [type, { schema: schemaOf(type) }]));
  return { "application/json": { schema: route.response ?? z.unknown() } };
}

function requestBody(route: RouteContract) {
  if (route.body) return { body: { content: { "application/json": { schema: route.body } } } };
  if (route.bodyMedia) {
    const content = Object.fromEntries(route.bodyMedia.map((type) => [type, { schema: z.string() }]));
    return { body: { content } };
  }
  return {};
}

/** The route's error answers grouped by status, each listing the catalogue codes it may carry. */
function errorResponses(route: RouteContract) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) {
    const { status } = ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: `Error: ${codes.join(", ")}`,
        content: { "application/json": { schema: errorSchema } },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of every route, with the cookie session and the API token as security schemes. */
export function buildOpenApiDocument(routes: readonly RouteContract[]) {
  const registry = new OpenAPIRegistry();
  const cookie = registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "campo.session_token",
    description: "The browser session set by signing in (`__Secure-campo.session_token` when served over HTTPS).",
  });
  const bearer = registry.registerComponent("securitySchemes", "apiToken", {
    type: "http",
    scheme: "bearer",
    description:
      "An API token (`campo_…`) created in the account area; Basic auth with the token as password works too.",
  });
  const paths = documentPaths(routes);
  const where = (route: RouteContract): DocumentPath =>
    paths.get(`${route.method} ${route.path}`) ?? { path: openApiPath(route.path), renames: new Map() };
  const folded = routes.filter((route) => where(route).foldedInto);
  for (const route of routes) {
    if (where(route).foldedInto) continue;
    const params = pathParams(route, where(route));
    const slashTwin = folded.find((other) => where(other).foldedInto === route);
    const description = [route.description, slashTwin ? `Also answered at \`${openApiPath(slashTwin.path)}\`.` : ""]
      .filter(Boolean)
      .join(" ");
    const security =
      route.policy === "public" ? [] : [{ [cookie.name]: [] }, ...(route.token ? [{ [bearer.name]: [] }] : [])];
    registry.registerPath({
      operationId: route.operationId,
      method: route.method,
      path: where(route).path,
      summary: route.summary,
      ...(description ? { description } : {}),
      tags: [route.tag],
      security,
      request: {
        ...(params ? { params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...requestBody(route),
      },
      responses: {
        [route.status ?? 200]: { description: "Success", content: successContent(route) },
        ...errorResponses(route),
      },
    });
  }
  registerWebhookPayloads(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Campo API",
      version: APP_VERSION,
      description: "Georeferenced field data collection. Guide: docs/api.md; errors carry a code and a message.",
    },
    servers: [{ url: "/" }],
  });
}
