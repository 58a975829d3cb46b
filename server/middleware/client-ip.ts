import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The header better-auth reads the client address from; always set here, never trusted from the client. */
export const CLIENT_IP_HEADER = "x-campo-client-ip";

/**
 * The client writes whatever it likes at the left of X-Forwarded-For; only the entries our own proxies appended
 * are true. With `hops` proxies in front, the client's address is the `hops`-th entry from the right.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length >= hops ? entries[entries.length - hops] : entries[0];
}

export function clientIp(options: { trustProxy: boolean; hops: number }): MiddlewareHandler {
  return async (c, next) => {
    let ip: string | undefined;
    if (options.trustProxy) ip = forwardedClient(c.req.header("x-forwarded-for"), options.hops);
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined;
      }
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, ip ?? "unknown");
    await next();
  };
}
