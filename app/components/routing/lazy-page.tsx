import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import i18n from "../../lib/i18n.ts";

type PageModule = { default: ComponentType };

/** Loads a page module and its translation catalogs together: one round trip fewer before the page paints. */
function lazyComponent(load: () => Promise<PageModule>, namespaces: readonly string[]): RouteObject["lazy"] {
  return async () => {
    const [page] = await Promise.all([load(), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]);
    return { Component: page.default };
  };
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
