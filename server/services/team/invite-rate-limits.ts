import { createRateLimitStore, type RateLimitRule } from "../../auth/rate-limit-store.ts";
import type { Db } from "../../db/client.ts";
import { ApiError } from "../../lib/api-error.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Resends of one invite (one owner's invite to one e-mail: each resend is a new row, so the e-mail names it): a
 * person waiting for a lost e-mail needs a few, a script mail-bombing an address gets one a minute, five a day.
 */
export const INVITE_RESEND_LIMITS: readonly RateLimitRule[] = [
  { window: MINUTE, max: 1 },
  { window: DAY, max: 5 },
];

/** Invites and resends one person sends, to any address: a whole team in an afternoon, not a spam run. */
export const INVITE_SENDER_LIMITS: readonly RateLimitRule[] = [
  { window: HOUR, max: 30 },
  { window: DAY, max: 100 },
];

interface Budget {
  key: string;
  rules: readonly RateLimitRule[];
}

/**
 * Counts one e-mail against each budget, shortest window first, and stops at the first one used up with 429
 * INVITE_RATE_LIMITED (details.retryAfter in seconds, also sent as Retry-After): a refused click costs no later window.
 */
export async function spendInviteBudgets(db: Db, budgets: Budget[]): Promise<void> {
  const store = createRateLimitStore(db);
  for (const { key, rules } of budgets) {
    for (const rule of rules) {
      const { allowed, retryAfter } = await store.consume(`${key}:${rule.window}`, rule);
      if (!allowed)
        throw new ApiError("INVITE_RATE_LIMITED", "Too many invite e-mails, try again later", { retryAfter });
    }
  }
}

export const senderBudget = (userId: string): Budget => ({
  key: `invite-sender:${userId}`,
  rules: INVITE_SENDER_LIMITS,
});

export const resendBudget = (ownerId: string, email: string): Budget => ({
  key: `invite-resend:${ownerId}:${email.toLowerCase()}`,
  rules: INVITE_RESEND_LIMITS,
});
