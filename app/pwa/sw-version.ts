/** Spec 001 §9: the service worker version. It names the worker's caches, so a bump starts from empty caches. */
export const SW_VERSION = 9;

/** Workbox then names the precache `campo-v9-precache-v2-<scope>` (v2 is Workbox's own precache format). */
export const CACHE_PREFIX = `campo-v${SW_VERSION}`;
