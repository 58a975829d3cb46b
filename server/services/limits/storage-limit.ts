import type { Db } from "../../db/client.ts";
import { findOwnerPlanAndStorage } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import { BYTES_PER_GB } from "../../../shared/plans/plans.ts";
import { ownerPlanFromRows } from "../applications/owner-plan.ts";

/** Where the web sends an owner whose storage is full (the plans page, opened on the storage limit). */
export const STORAGE_UPGRADE_PATH = "/subscription?limit=storage";

/**
 * Refuses (402 STORAGE_LIMIT_REACHED) an upload that would put the owner over the plan's storage. Bytes the owner
 * already stores (same sha256) add nothing. Nothing stored is ever removed when a plan ends: the owner is then
 * only kept from adding more.
 */
export async function assertStorageRoom(
  db: Db,
  superAdminEmails: readonly string[],
  ownerId: string,
  sha256: string,
  size: number,
): Promise<void> {
  const { plan, storage } = await findOwnerPlanAndStorage(db, ownerId, sha256);
  const limitGb = ownerPlanFromRows(plan, superAdminEmails).limits.storageLimitGb;
  if (limitGb === null) return;
  if (!storage.storesHash && storage.bytes + size > limitGb * BYTES_PER_GB) {
    throw new ApiError("STORAGE_LIMIT_REACHED", "The owner's storage limit is reached", {
      limit: "storage",
      upgradePath: STORAGE_UPGRADE_PATH,
    });
  }
}
