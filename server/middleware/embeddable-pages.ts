import type { MiddlewareHandler } from "hono";

/** The visitor page of a public link (`/f/<token>`): the only page other sites may put in an iframe. */
export const EMBEDDABLE_PAGE = /^\/f\/[A-Za-z0-9_-]+\/?$/;

/**
 * Lets any site frame the pages `pattern` names, and no other: every other answer keeps `frame-ancestors 'none'`
 * and X-Frame-Options DENY. Mounted outside securityHeaders, so it edits the headers that middleware wrote.
 */
export function embeddablePages(pattern: RegExp = EMBEDDABLE_PAGE): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || !pattern.test(c.req.path)) return;
    const policy = c.res.headers.get("content-security-policy");
    c.res = new Response(c.res.body, c.res);
    if (policy)
      c.res.headers.set("content-security-policy", policy.replace("frame-ancestors 'none'", "frame-ancestors *"));
    c.res.headers.delete("x-frame-options");
  };
}
