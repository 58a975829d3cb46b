import type { Db } from "../../db/client.ts";
import { isSuperAdminEmail } from "../../auth/super-admin.ts";
import { findUserEmail } from "../../db/queries/limits.ts";
import { countOwnerRecordsCreated, findOwnerPlanRows } from "../../db/queries/usage.ts";
import { hasReachedLimit, isNearLimit, type PlanTier } from "../../../shared/plans/plans.ts";
import { ownerPlanOf, ownerSubscriptionOf } from "../applications/owner-plan.ts";
import type { OwnerLimitInfo } from "../../../shared/applications/application-dtos.ts";

/** The records cap of one owner, shared by everyone who submits to any of the owner's applications. */
export interface RecordLimit {
  tier: PlanTier;
  isSubscribed: boolean;
  /** null = unlimited (paid plans, custom plans without a cap, super admin owners). */
  maxSubmissions: number | null;
  isSuperAdminOwner: boolean;
}

export async function isSuperAdminUser(db: Db, userId: string, superAdminEmails: readonly string[]): Promise<boolean> {
  const email = await findUserEmail(db, userId);
  return email !== undefined && isSuperAdminEmail(email, superAdminEmails);
}

export async function loadRecordLimit(
  db: Db,
  ownerId: string,
  superAdminEmails: readonly string[],
): Promise<RecordLimit> {
  // One query: sync reads this for every batch.
  const rows = await findOwnerPlanRows(db, ownerId);
  const isSuperAdminOwner = rows.email !== undefined && isSuperAdminEmail(rows.email, superAdminEmails);
  const plan = ownerPlanOf(ownerSubscriptionOf(rows.subscription, rows.limits), { isSuperAdmin: isSuperAdminOwner });
  return {
    tier: plan.tier,
    isSubscribed: plan.hasActiveSubscription,
    maxSubmissions: plan.limits.maxSubmissions,
    isSuperAdminOwner,
  };
}

/** What GET /api/applications/:id/limit sends: the cap, the count so far and who is asking. */
export async function loadOwnerLimitInfo(
  db: Db,
  ownerId: string,
  viewerId: string,
  superAdminEmails: readonly string[],
): Promise<OwnerLimitInfo> {
  const [limit, currentSubmissions] = await Promise.all([
    loadRecordLimit(db, ownerId, superAdminEmails),
    countOwnerRecordsCreated(db, ownerId),
  ]);
  return {
    isSubscribed: limit.isSubscribed,
    tier: limit.tier,
    currentSubmissions,
    maxSubmissions: limit.maxSubmissions,
    isNearLimit: isNearLimit(currentSubmissions, limit.maxSubmissions),
    hasReachedLimit: hasReachedLimit(currentSubmissions, limit.maxSubmissions),
    isSuperAdminOwner: limit.isSuperAdminOwner,
    viewerIsOwner: ownerId === viewerId,
  };
}
