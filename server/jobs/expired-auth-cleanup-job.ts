import type { Db } from "../db/client.ts";
import { markLapsedInvitesExpired } from "../db/queries/invites.ts";
import { deleteExpiredSessions } from "../db/queries/sessions.ts";
import { logger } from "../lib/logger.ts";
import type { JobDefinition } from "./job-queue.ts";

/**
 * Hourly: expired sessions and verification tokens are deleted (they no longer open anything), lapsed invites are
 * marked `expired` rather than deleted, since the team list shows them and an administrator may resend them.
 */
export function expiredAuthCleanupJob(db: Db, now = () => new Date()): JobDefinition<object> {
  return {
    name: "expired-auth-cleanup",
    cron: "17 * * * *",
    retryLimit: 2,
    async handle() {
      const at = now();
      const removed = await deleteExpiredSessions(db, at);
      const invites = await markLapsedInvitesExpired(db, at);
      logger.info("expired sessions and invites cleaned up", { ...removed, invites });
    },
  };
}
