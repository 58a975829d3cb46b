import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "../shared/i18n/languages.ts";
import { negotiateLanguage } from "./lib/accept-language.ts";
import { carriesSessionCookie } from "./lib/session-cookie.ts";
import { ROUTE_READS } from "../shared/route-reads.ts";

/** Written by scripts/route-preloads.ts beside the build's manifest. */
export const ROUTE_PRELOADS_FILE = path.join(".vite", "route-preloads.json");

/** One route of the web app and what its first render loads beyond the entry index.html already preloads. */
export interface RoutePreload {
  /** React Router's pattern: `/applications/:id/collect`, `/*`. */
  pattern: string;
  /** The route's page and layout chunks and their imports, as URLs. */
  scripts: string[];
  /** The catalogs its first render needs (the app's `common` and `errors`, then the page's), per language. */
  catalogs: Record<Language, string[]>;
}

/** Static segments outrank parameters, parameters the splat, as React Router ranks the routes a path matches. */
function score(pattern: string, pathname: string): number {
  const want = pattern.split("/").filter(Boolean);
  const have = pathname.split("/").filter(Boolean);
  let total = 0;
  for (const [index, segment] of want.entries()) {
    if (segment === "*") return total + 1;
    const part = have[index];
    if (part === undefined) return -1;
    if (segment.startsWith(":")) total += 3;
    else if (segment === decodeURIComponent(part)) total += 10;
    else return -1;
  }
  return have.length === want.length ? total : -1;
}

/** The values of a pattern's parameters in a path it matches (`:id` → the segment, decoded). */
function paramsOf(pattern: string, pathname: string): Record<string, string> {
  const have = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.split("/").filter(Boolean).entries()) {
    if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(have[index] ?? "");
  }
  return params;
}

/** An address as an HTML attribute's value (a query's `&`, and whatever a raw path may carry). */
function attribute(url: string): string {
  const entities: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };
  return url.replace(/[&"<>]/g, (character) => entities[character]!);
}

function matchRoute(routes: readonly RoutePreload[], pathname: string): RoutePreload | undefined {
  let best: RoutePreload | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const value = score(route.pattern, pathname);
    if (value > bestScore) [best, bestScore] = [route, value];
  }
  return best;
}

/**
 * The hints the app's index.html gets for the path it is served at (the service worker's cached copy has none: there
 * every chunk is local already). Without them the page's chunk and catalogs are asked for only once the entry has
 * downloaded and run; with them they travel with the entry. A signed-in request also starts the session check
 * (GET /api/me, which the app's first render waits for) and the page's own reads (shared/route-reads.ts) while the
 * scripts download. Undefined without a build that wrote the list.
 */
export function routePreloads(distDir: string) {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return undefined;
  const routes = JSON.parse(readFileSync(file, "utf8")) as RoutePreload[];
  return (
    html: string,
    request: { pathname: string; search?: string; acceptLanguage?: string; cookie?: string },
  ): string => {
    let pathname = request.pathname;
    try {
      decodeURIComponent(pathname);
    } catch {
      pathname = "/";
    }
    const route = matchRoute(routes, pathname);
    const language = negotiateLanguage(request.acceptLanguage);
    const urls = route ? [...route.scripts, ...route.catalogs[language]] : [];
    const tags = urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
    if (carriesSessionCookie(request.cookie)) {
      const reads = route && ROUTE_READS[route.pattern];
      const urls = reads ? reads(paramsOf(route.pattern, pathname), new URLSearchParams(request.search)) : [];
      tags.unshift(
        ...["/api/me", ...urls].map((url) => `<link rel="preload" href="${attribute(url)}" as="fetch" crossorigin>`),
      );
    }
    return tags.length ? html.replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`) : html;
  };
}
