import type { Db } from "../../db/client.ts";
import { isSuperAdminEmail } from "../../auth/super-admin.ts";
import { findUserContact } from "../../db/queries/team-members.ts";
import { countTeamSeats, lockOwner } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import { loadOwnerPlan } from "../applications/owner-plan.ts";
import type { TeamSeats } from "../../../shared/team/team-dtos.ts";

/** The owner's seats (countTeamSeats says what takes one) against the plan's team-member limit. */
export async function teamSeats(
  db: Db,
  ownerId: string,
  superAdminEmails: readonly string[],
  exceptEmail?: string,
): Promise<TeamSeats & { tier: string }> {
  const owner = await findUserContact(db, ownerId);
  const isSuperAdmin = owner !== undefined && isSuperAdminEmail(owner.email, superAdminEmails);
  // One after another: `db` is often a transaction, whose single connection runs one query at a time.
  const plan = await loadOwnerPlan(db, ownerId, { isSuperAdmin });
  const used = await countTeamSeats(db, ownerId, exceptEmail);
  return { used, limit: plan.limits.maxTeamMembers, tier: plan.tier };
}

/**
 * Inside a transaction: locks the owner (so concurrent invites and activations take seats one at a time) and
 * refuses with 402 TEAM_MEMBER_LIMIT_REACHED when no seat is free. `exceptEmail` frees the seat of the invite
 * about to be replaced.
 */
export async function assertSeatAvailable(
  tx: Db,
  ownerId: string,
  superAdminEmails: readonly string[],
  exceptEmail?: string,
): Promise<void> {
  await lockOwner(tx, ownerId);
  const seats = await teamSeats(tx, ownerId, superAdminEmails, exceptEmail);
  if (seats.limit !== null && seats.used >= seats.limit) {
    throw new ApiError("TEAM_MEMBER_LIMIT_REACHED", "Team member limit of the plan reached", {
      tier: seats.tier,
      limit: seats.limit,
    });
  }
}
