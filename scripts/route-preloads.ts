/**
 * Writes dist/.vite/route-preloads.json: for every route of the web app (app/routes.tsx), the chunks of its lazy page
 * and layouts with their imports, and its catalogs per language, minus what the built index.html already preloads.
 * The server puts them in the first HTML of that route (server/route-preloads.ts). Run after `vite build`: the route
 * table is read through Vite's SSR loader on a happy-dom document (its modules touch the DOM when they load), and each
 * lazy route's module comes from the `import()` in its loader (app/components/routing/lazy-page.tsx keeps them).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { RouteObject } from "react-router";
import { Window } from "happy-dom";
import { LANGUAGES, type Language } from "../shared/i18n/languages.ts";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { ROUTE_PRELOADS_FILE, type RoutePreload } from "../server/route-preloads.ts";
import { withViteSsr } from "./vite-ssr.ts";
import type { LazyPageSource } from "../app/components/routing/lazy-page.tsx";

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The catalogs i18n's init loads for every page (app/lib/i18n.ts). */
const APP_NAMESPACES = ["common", "errors"];
const DYNAMIC_IMPORT = /import\w*\(\s*["']\/?([^"']+)["']/;

function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`route-preloads: the build's manifest has no ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

function moduleOf(source: LazyPageSource): string {
  const module = DYNAMIC_IMPORT.exec(String(source.load))?.[1];
  if (!module) throw new Error(`route-preloads: no import() in ${String(source.load)}`);
  return module;
}

interface Found {
  pattern: string;
  sources: LazyPageSource[];
}

/** Every route a path can end on, with the lazy modules of its chain (layouts, then the page). */
function walk(
  routes: RouteObject[],
  sourceOf: (lazy: RouteObject["lazy"]) => LazyPageSource | undefined,
  prefix = "",
  chain: LazyPageSource[] = [],
): Found[] {
  return routes.flatMap((route) => {
    const pattern = route.path ? `${prefix.replace(/\/$/, "")}/${route.path}` : prefix || "/";
    const source = sourceOf(route.lazy);
    const own = source ? [...chain, source] : chain;
    if (route.children?.length) return walk(route.children, sourceOf, pattern, own);
    return [{ pattern, sources: own }];
  });
}

async function loadRouteTable(): Promise<Found[]> {
  const window = new Window({ url: "http://localhost/" });
  for (const key of ["window", "document", "navigator", "localStorage", "sessionStorage", "matchMedia", "location"])
    Object.defineProperty(globalThis, key, {
      value: key === "window" ? window : window[key as keyof Window],
      configurable: true,
    });
  try {
    return await withViteSsr(async (vite) => {
      const { routes } = (await vite.ssrLoadModule("/app/routes.tsx")) as { routes: RouteObject[] };
      const { lazyPageSource } = (await vite.ssrLoadModule("/app/components/routing/lazy-page.tsx")) as {
        lazyPageSource: (lazy: RouteObject["lazy"]) => LazyPageSource | undefined;
      };
      return walk(routes, lazyPageSource);
    });
  } finally {
    await window.happyDOM.close();
  }
}

export async function writeRoutePreloads(distDir: string): Promise<RoutePreload[]> {
  const manifest = JSON.parse(await readFile(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const entry = closure(manifest, "index.html");
  const url = (key: string) => `/${manifest[key]!.file}`;
  const preloads = (await loadRouteTable()).map(({ pattern, sources }): RoutePreload => {
    const scripts = new Set<string>();
    for (const source of sources) closure(manifest, moduleOf(source), scripts);
    const namespaces = [...new Set([...APP_NAMESPACES, ...sources.flatMap((source) => source.namespaces)])];
    const catalogs = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        namespaces.map((namespace) => url(`shared/i18n/locales/${language}/${namespace}.json`)),
      ]),
    ) as Record<Language, string[]>;
    return { pattern, scripts: [...scripts].filter((key) => !entry.has(key)).map(url), catalogs };
  });
  await writeFile(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  return preloads;
}

if (process.argv[1] === import.meta.filename) {
  const written = await writeRoutePreloads(path.join(PROJECT_ROOT, "dist"));
  console.log(`route preloads for ${written.length} routes in dist/${ROUTE_PRELOADS_FILE}`);
}
