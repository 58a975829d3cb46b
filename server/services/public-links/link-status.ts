import type { PublicLinkRow } from "../../db/queries/public-links.ts";
import type { PublicLinkStatus } from "../../../shared/public-links/public-link-dtos.ts";

/** Where the link stands now; revocation wins over everything, then pausing, the end date and the cap. */
export function linkStatus(
  link: Pick<PublicLinkRow, "revokedAt" | "pausedAt" | "expiresAt" | "maxRecords">,
  recordsCount: number,
  now: Date,
): PublicLinkStatus {
  if (link.revokedAt) return "revoked";
  if (link.pausedAt) return "paused";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.maxRecords !== null && recordsCount >= link.maxRecords) return "full";
  return "open";
}
