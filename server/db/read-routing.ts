import type { Context, MiddlewareHandler } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";
import { isSafeMethod } from "../http/safe-methods.ts";
import { logger } from "../lib/logger.ts";
import type { Db } from "./client.ts";
import { currentWalLsn, hasReplayed } from "./queries/replication.ts";
import type { Replica } from "./replica.ts";

/**
 * Which database answers a heavy read (record list, map, charts, exports). Permission checks and every write stay
 * on the primary; only the read itself may go to a replica.
 */
export interface ReadRouting {
  /** Runs around every API request: after one that may have written, remembers where the primary's log stood. */
  rememberWrites: MiddlewareHandler<AppEnv>;
  /** The database for this request's heavy read. */
  forRead(c: Context<AppEnv>): Promise<Db>;
}

/** The signed cookie holding the primary's WAL position after this browser's last write. */
export const WROTE_AT_COOKIE = "campo_wrote_at";
/** Longer than any replica lag worth serving from: past it the replica is trusted again for this browser. */
const WROTE_AT_MAX_AGE_SECONDS = 10 * 60;
const LSN_PATTERN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/;
const NOTHING_WRITTEN = "0/0";

/** No replica: everything reads from the primary. */
export function primaryOnly(primary: Db): ReadRouting {
  return { rememberWrites: async (_c, next) => next(), forRead: async () => primary };
}

/**
 * Read-your-writes across any number of API processes without shared memory: after a write, the response carries
 * the primary's WAL position in a cookie signed with AUTH_SECRET (the same on every process); a later heavy read
 * goes to the replica only once the replica has replayed up to it, else to the primary. Readers without the cookie
 * (nothing written lately) read from the replica; a replica that cannot answer, or is not replaying, sends the read
 * to the primary.
 */
export function replicaRouting(options: {
  primary: Db;
  replica: Replica;
  secret: string;
  secure: boolean;
}): ReadRouting {
  const { primary, replica, secret, secure } = options;
  return {
    async rememberWrites(c, next) {
      await next();
      if (isSafeMethod(c.req.method)) return;
      try {
        await setSignedCookie(c, WROTE_AT_COOKIE, await currentWalLsn(primary), secret, {
          path: "/api",
          httpOnly: true,
          sameSite: "Lax",
          secure,
          maxAge: WROTE_AT_MAX_AGE_SECONDS,
        });
      } catch (error) {
        // The write itself succeeded; this browser's next reads merely risk a lagging replica.
        logger.warn("could not remember the write position for read-your-writes", { error });
      }
    },
    async forRead(c) {
      const wroteAt = (await getSignedCookie(c, secret, WROTE_AT_COOKIE)) || NOTHING_WRITTEN;
      if (!LSN_PATTERN.test(wroteAt)) return primary;
      try {
        // Asked even with nothing written: it also finds a replica that is down or is no replica at all.
        return (await hasReplayed(replica.db, wroteAt)) ? replica.db : primary;
      } catch (error) {
        logger.warn("replica unavailable: reading from the primary", { error });
        return primary;
      }
    },
  };
}
