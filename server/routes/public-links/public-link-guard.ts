import type { Context } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { ApiError } from "../../lib/api-error.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { verifyProof } from "../../services/public-links/proof-of-work.ts";
import { PROOF_HEADER } from "../../../shared/public-links/public-link-dtos.ts";

/**
 * The abuse checks in front of the visitor endpoints: the address's rate limit (every endpoint), then, for records
 * and uploads, the proof of work and the link's own rate limit (everyone through one link). Counted in the
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

  const address = (c: Context<AppEnv>) => c.req.header(CLIENT_IP_HEADER) ?? "unknown";

  /**
   * What sends data through a link: the proof of work, then the link's own rate (everyone through it). The proof is
   * one hash and one HMAC in memory, so a bot without it is refused before it writes the link's counter: it cannot
   * spend the link's budget for the people answering it, nor queue up on that one shared row.
   */
  async function linkWrite(c: Context<AppEnv>, key: string, linkId: string, message: string): Promise<void> {
    if (!verifyProof(context.config.authSecret, linkId, c.req.header(PROOF_HEADER), proofBits, new Date()))
      throw new ApiError("PROOF_OF_WORK_REQUIRED", "Solve the link's challenge first");
    await consume(c, key, perLinkPerMinute, message);
  }

  return {
    address: (c: Context<AppEnv>) =>
      consume(
        c,
        `public-link-ip:${address(c)}`,
        perAddressPerMinute,
        "Too many requests from this address, try again later",
      ),
    /**
     * The form's attached files: a form may show dozens of choice images, each one request on the first open, so
     * they have their own, wider per-address budget instead of eating the one that guards records.
     */
    files: (c: Context<AppEnv>) =>
      consume(
        c,
        `public-link-files-ip:${address(c)}`,
        perAddressPerMinute * FILES_PER_ADDRESS_FACTOR,
        "Too many requests from this address, try again later",
      ),
    records: (c: Context<AppEnv>, linkId: string) =>
      linkWrite(c, `public-link:${linkId}`, linkId, "Too many records through this link right now"),
    /** Media uploads count apart from records: a record with three photos is four requests. */
    uploads: (c: Context<AppEnv>, linkId: string) =>
      linkWrite(c, `public-link-media:${linkId}`, linkId, "Too many uploads through this link right now"),
  };
}

/** How many more file downloads than other requests one address may make per minute. */
export const FILES_PER_ADDRESS_FACTOR = 10;
