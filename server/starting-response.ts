import type { ErrorBody } from "../shared/errors.ts";

/** Seconds a caller is asked to wait while the server starts: opening and migrating PGlite takes a few. */
export const STARTING_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to every request that arrives before the app is ready (the port is bound first, so that port 0 can
 * become the public URL). 503 with Retry-After, never a success: a load balancer, a probe or a device's sync must
 * not take a server that did nothing for one that worked. `/api` callers get the catalogue's error body.
 */
export function startingResponse(request: Request): Response {
  const headers = { "Retry-After": String(STARTING_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api")) {
    const body: ErrorBody = { error: { code: "SERVICE_UNAVAILABLE", message: "The server is starting" } };
    return Response.json(body, { status: 503, headers });
  }
  return new Response("Campo is starting", {
    status: 503,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}
