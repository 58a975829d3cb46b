import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import i18n from "../../lib/i18n.ts";

type PageModule = { default: ComponentType };
type LazyRoute = NonNullable<RouteObject["lazy"]>;

/** What a lazy route loads: its module (the `import()` inside `load`) and its catalogs. */
export interface LazyPageSource {
  load: () => Promise<PageModule>;
  namespaces: readonly string[];
}

// Read by the build (scripts/route-preloads.ts), which turns each route's module and catalogs into the preload hints the
// server puts in the first HTML of that route.
const sources = new WeakMap<LazyRoute, LazyPageSource>();

/** @public loaded by scripts/route-preloads.ts through Vite's SSR loader, which knip does not follow. */
export function lazyPageSource(lazy: RouteObject["lazy"]): LazyPageSource | undefined {
  return typeof lazy === "function" ? sources.get(lazy) : undefined;
}

/** Loads a page module and its translation catalogs together: one round trip fewer before the page paints. */
function lazyComponent(load: () => Promise<PageModule>, namespaces: readonly string[]): LazyRoute {
  const lazy: LazyRoute = async () => {
    const [page] = await Promise.all([load(), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]);
    return { Component: page.default };
  };
  sources.set(lazy, { load, namespaces });
  return lazy;
}

/**
 * A route whose page is a separate chunk, loaded on first visit (React Router shows the hydrate fallback meanwhile).
 * `namespaces` are the page's translation catalogs, fetched alongside its chunk rather than after it renders and
 * suspends.
 */
export function lazyPage(
  path: string | undefined,
  load: () => Promise<PageModule>,
  namespaces: readonly string[] = [],
): RouteObject {
  return { ...(path === undefined ? { index: true } : { path }), lazy: lazyComponent(load, namespaces) };
}

/** A layout route (no path of its own) whose frame is a separate chunk, so the app's entry does not carry it. */
export function lazyLayout(
  load: () => Promise<PageModule>,
  namespaces: readonly string[],
  children: RouteObject[],
  handle?: unknown,
): RouteObject {
  return { lazy: lazyComponent(load, namespaces), children, ...(handle === undefined ? {} : { handle }) };
}
