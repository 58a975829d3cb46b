import { openApiPath } from "./route-paths.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

/** Where a route appears in the OpenAPI document. */
export interface DocumentPath {
  /** The document's path for the route. */
  path: string;
  /** The route's parameter names → the names the document gives them (when its path shape is shared). */
  renames: ReadonlyMap<string, string>;
  /** The route only adds a trailing slash to another route of the same method: the document shows it there. */
  foldedInto?: RouteContract;
}

const shapeOf = (path: string) => path.replace(/\{\w+\}/g, "{}");
const namesOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");

/**
 * The document's path of each route, keyed by `METHOD honoPath`. OpenAPI treats two paths that differ only by
 * parameter names as the same path, and linters (and client generators) refuse both them and trailing slashes; the
 * server has both (`/api/attachments/:id` and `/api/attachments/:sha256`, the OData service root with and without
 * `/`). So a path shape takes the parameter names of its first route, and a route whose path only adds a trailing
 * slash to another's of the same method is documented on that one.
 */
export function documentPaths(routes: readonly RouteContract[]): Map<string, DocumentPath> {
  const namesByShape = new Map<string, string[]>();
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  const result = new Map<string, DocumentPath>();
  for (const route of routes) {
    const own = openApiPath(route.path);
    const canonical = namesByShape.get(shapeOf(own)) ?? namesOf(own);
    namesByShape.set(shapeOf(own), canonical);
    const renames = new Map(namesOf(own).map((name, index) => [name, canonical[index] ?? name]));
    let position = 0;
    const path = own.replace(/\{\w+\}/g, () => `{${canonical[position++] ?? ""}}`);
    const twin = own.endsWith("/") ? byKey.get(`${route.method} ${route.path.slice(0, -1)}`) : undefined;
    result.set(`${route.method} ${route.path}`, {
      path: twin ? path.slice(0, -1) : path,
      renames,
      ...(twin ? { foldedInto: twin } : {}),
    });
  }
  return result;
}
