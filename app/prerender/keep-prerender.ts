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
 * When the server sent the page already drawn (the landing or /auth, prerendered in the browser's language), React's
 * first render replaces it: wait until that render can be the finished page — the route's chunk and catalogs loaded —
 * so the visitor never sees it give way to a loading screen. That holds for a visitor who chose another language than
 * the prerender's too: a loading screen in between would take the focus from the field they are typing in, and the
 * keys typed until the page is there would go nowhere.
 */
export async function keepPrerenderUntilReady(
  root: HTMLElement,
  router: Router,
  i18nReady: Promise<unknown>,
): Promise<void> {
  if (!root.dataset.prerendered) return;
  await Promise.all([i18nReady, routerInitialized(router)]);
}
