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

/**
 * How well a pattern matches a path (-1: not at all), and its parameters' values there. Static segments outrank
 * parameters, parameters the splat, as React Router ranks the routes a path matches.
 */
function match(pattern: string, pathname: string): { score: number; params: Record<string, string> } {
  const want = pattern.split("/").filter(Boolean);
  const have = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  let score = 0;
  for (const [index, segment] of want.entries()) {
    if (segment === "*") return { score: score + 1, params };
    const part = have[index];
    if (part === undefined) return { score: -1, params };
    if (segment.startsWith(":")) {
      score += 3;
      params[segment.slice(1)] = decodeURIComponent(part);
    } else if (segment === decodeURIComponent(part)) score += 10;
    else return { score: -1, params };
  }
  return { score: have.length === want.length ? score : -1, params };
}

/** An address as an HTML attribute's value (a query's `&`, and whatever a raw path may carry). */
function attribute(url: string): string {
  const entities: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };
  return url.replace(/[&"<>]/g, (character) => entities[character]!);
}

function matchRoute(
  routes: readonly RoutePreload[],
  pathname: string,
): { route: RoutePreload; params: Record<string, string> } | undefined {
  let best: { route: RoutePreload; params: Record<string, string> } | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const { score, params } = match(route.pattern, pathname);
    if (score > bestScore) [best, bestScore] = [{ route, params }, score];
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
    const matched = matchRoute(routes, pathname);
    const language = negotiateLanguage(request.acceptLanguage);
    const modules = matched ? [...matched.route.scripts, ...matched.route.catalogs[language]] : [];
    const tags = modules.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
    if (carriesSessionCookie(request.cookie)) {
      const reads = matched && ROUTE_READS[matched.route.pattern];
      const pageReads = reads ? reads(matched.params, new URLSearchParams(request.search)) : [];
      tags.unshift(
        ...["/api/me", ...pageReads].map(
          (url) => `<link rel="preload" href="${attribute(url)}" as="fetch" crossorigin>`,
        ),
      );
    }
    return tags.length ? html.replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`) : html;
  };
}
