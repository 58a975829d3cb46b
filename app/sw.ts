/// <reference lib="webworker" />
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { CACHE_PREFIX } from "./pwa/sw-version.ts";
import { installPrecache } from "./pwa/precache-install.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

setCacheNameDetails({ prefix: CACHE_PREFIX });

// Every JS/CSS/HTML/JSON/icon file of the build (lazy pages and i18n catalogs included) is precached, so the
// whole app opens offline after one online visit. Workbox routes match GET only: POST/PUT/DELETE always reach
// the network untouched, and nothing under /api is ever cached here (the app keeps its data in IndexedDB). Workbox's
// `precacheAndRoute`, but installed several files at a time (pwa/precache-install.ts).
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);
registerRoute(new PrecacheRoute(precache));
self.addEventListener("install", (event) => event.waitUntil(installPrecache(precache, event)));
self.addEventListener("activate", (event) => void precache.activate(event));
cleanupOutdatedCaches();

// The app shell answers every navigation offline; the API, the connectivity probe and the server's own documents for
// crawlers (robots.txt, sitemap.xml, the blog feed) always go to the network.
const NETWORK_ONLY_NAVIGATIONS = [
  /^\/api\//,
  /^\/connectivity-check/,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  /^\/blog\/rss\.xml(\?|$)/,
];
// A public link's page (`/f/<token>`) comes from the network while there is one, so its own headers (the only page
// other sites may frame) apply; its last answer is kept and opens it offline, and the app shell stands in before that.
const PUBLIC_LINK_PAGE = /^\/f\/[A-Za-z0-9_-]+\/?$/;
const publicLinkPages = new NetworkFirst({ cacheName: `${CACHE_PREFIX}-public-link-pages`, networkTimeoutSeconds: 5 });
const appShell = precache.createHandlerBoundToURL("/index.html");
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await publicLinkPages.handle(options);
      } catch {
        return appShell(options);
      }
    },
    { allowlist: [PUBLIC_LINK_PAGE] },
  ),
);
registerRoute(new NavigationRoute(appShell, { denylist: [...NETWORK_ONLY_NAVIGATIONS, PUBLIC_LINK_PAGE] }));

// The first install takes the open page over at once, so chunks it loads later already come from the cache.
// Updates wait for the user's 'Atualizar' (SKIP_WAITING) instead of swapping code under a half-filled form.
clientsClaim();

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
  // A page whose navigation was still in flight when clientsClaim() ran is left uncontrolled by Chromium, and
  // would load its lazy chunks from the network (failing offline); it asks once more to be taken over.
  if (event.data?.type === "CLAIM") event.waitUntil(self.clients.claim());
});
