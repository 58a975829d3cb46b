import type { i18n as I18n } from "i18next";
import type { createBrowserRouter } from "react-router";

type Router = ReturnType<typeof createBrowserRouter>;

function routerInitialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * When the server sent the page already drawn (the landing, prerendered in the visitor's language), React's first
 * render replaces it: wait until that render can be the finished page — the route's chunk and catalogs loaded — so
 * the visitor never sees it give way to a loading screen. A prerender in another language than the one the visitor
 * chose is replaced at once.
 */
export async function keepPrerenderUntilReady(
  root: HTMLElement,
  router: Router,
  i18n: I18n,
  i18nReady: Promise<unknown>,
): Promise<void> {
  const prerendered = root.dataset.prerendered;
  if (!prerendered) return;
  await i18nReady;
  if (i18n.language !== prerendered) return;
  await routerInitialized(router);
}
