import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The header better-auth reads the client address from; always set here, never trusted from the client. */
export const CLIENT_IP_HEADER = "x-campo-client-ip";

export function clientIp(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    let ip: string | undefined;
    if (options.trustProxy) ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
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
