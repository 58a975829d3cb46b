/**
 * The pages the build draws in every language (scripts/prerender.ts) and the server answers as such for a first visit
 * (server/static-web.ts): public pages whose first screen needs no session. `appParams` are the query parameters with
 * which the app draws another page than the drawn one (/auth?reauth=true first signs out and says why): the server
 * then answers the app itself. Other parameters (a campaign's `utm_*`) keep the drawn page.
 */
export const PRERENDERED_PAGES = {
  home: { path: "/home", appParams: [] },
  auth: { path: "/auth", appParams: ["reauth"] },
} as const satisfies Record<string, { path: string; appParams: readonly string[] }>;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;
