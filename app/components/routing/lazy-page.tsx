import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

type PageModule = { default: ComponentType };

/** A route whose page is a separate chunk, loaded on first visit (React Router shows the hydrate fallback meanwhile). */
export function lazyPage(path: string | undefined, load: () => Promise<PageModule>): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    lazy: async () => ({ Component: (await load()).default }),
  };
}
