import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import i18n from "../../lib/i18n.ts";

type PageModule = { default: ComponentType };

/**
 * A route whose page is a separate chunk, loaded on first visit (React Router shows the hydrate fallback meanwhile).
 * `namespaces` are the page's translation catalogs, fetched alongside its chunk rather than after it renders and
 * suspends: one round trip fewer before the page paints.
 */
export function lazyPage(
  path: string | undefined,
  load: () => Promise<PageModule>,
  namespaces: readonly string[] = [],
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => {
      const [page] = await Promise.all([load(), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]);
      return { Component: page.default };
    },
  };
}
