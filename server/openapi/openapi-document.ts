import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { APP_VERSION } from "../version.ts";
import { openApiPath, type RouteDeclaration } from "./route-declaration.ts";

const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** Path parameters the declaration did not spell out are strings named after the Hono path. */
function pathParams(route: RouteDeclaration) {
  if (route.params) return route.params;
  const names = [...openApiPath(route.path).matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

function successContent(route: RouteDeclaration) {
  if (route.media) return Object.fromEntries(route.media.map((type) => [type, { schema: z.string() }]));
  return { "application/json": { schema: route.response ?? z.unknown() } };
}

/** The OpenAPI 3.1 document of every declared route, with the cookie session and the API token as security schemes. */
export function buildOpenApiDocument(routes: RouteDeclaration[]) {
  const registry = new OpenAPIRegistry();
  const cookie = registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The browser session set by signing in.",
  });
  const bearer = registry.registerComponent("securitySchemes", "apiToken", {
    type: "http",
    scheme: "bearer",
    description:
      "An API token (`campo_…`) created in the account area; Basic auth with the token as password works too.",
  });
  for (const route of routes) {
    const params = pathParams(route);
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: route.public ? [] : [{ [cookie.name]: [] }, { [bearer.name]: [] }],
      request: {
        ...(params ? { params } : {}),
        ...(route.query ? { query: route.query } : {}),
        ...(route.body ? { body: { content: { "application/json": { schema: route.body } } } } : {}),
      },
      responses: {
        [route.status ?? 200]: { description: "Success", content: successContent(route) },
        default: { description: "Error", content: { "application/json": { schema: errorSchema } } },
      },
    });
  }
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
