import type { Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { ApiError } from "../../lib/api-error.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { verifyProof } from "../../services/public-links/proof-of-work.ts";
import { PROOF_HEADER } from "../../../shared/public-links/public-link-dtos.ts";

/**
 * The abuse checks in front of the visitor endpoints, cheapest first: the address's rate limit (every endpoint),
 * then, for records, the link's own rate limit (everyone through one link) and the proof of work. Counted in the
 * database like the other limits, so they hold across API processes.
 */
export function publicLinkGuard(context: AppContext) {
  const limits = createRateLimitStore(context.database.db);
  const { perAddressPerMinute, perLinkPerMinute, proofBits } = context.config.publicLinks;

  async function consume(c: Context<AppEnv>, key: string, max: number, message: string): Promise<void> {
    const outcome = await limits.consume(key, { window: 60, max });
    if (outcome.allowed) return;
    c.header("Retry-After", String(outcome.retryAfter));
    throw new ApiError("RATE_LIMITED", message);
  }

  return {
    address: (c: Context<AppEnv>) =>
      consume(
        c,
        `public-link-ip:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
        perAddressPerMinute,
        "Too many requests from this address, try again later",
      ),
    async records(c: Context<AppEnv>, linkId: string): Promise<void> {
      await consume(c, `public-link:${linkId}`, perLinkPerMinute, "Too many records through this link right now");
      if (!verifyProof(context.config.authSecret, linkId, c.req.header(PROOF_HEADER), proofBits, new Date()))
        throw new ApiError("PROOF_OF_WORK_REQUIRED", "Solve the link's challenge first");
    },
  };
}
