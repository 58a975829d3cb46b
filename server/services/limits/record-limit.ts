import type { Db } from "../../db/client.ts";
import { countOwnerRecordsCreated } from "../../db/queries/usage.ts";
import { hasReachedLimit, isNearLimit, type PlanTier } from "../../../shared/plans/plans.ts";
import { loadOwnerPlanOf, type OwnerPlan } from "../applications/owner-plan.ts";
import type { OwnerLimitInfo } from "../../../shared/applications/application-dtos.ts";

/** The records cap of one owner, shared by everyone who submits to any of the owner's applications. */
export interface RecordLimit {
  tier: PlanTier;
  isSubscribed: boolean;
  /** null = unlimited (paid plans, custom plans without a cap, super admin owners). */
  maxSubmissions: number | null;
  isSuperAdminOwner: boolean;
}

export async function loadRecordLimit(
  db: Db,
  ownerId: string,
  superAdminEmails: readonly string[],
): Promise<RecordLimit> {
  return recordLimitOf(await loadOwnerPlanOf(db, ownerId, superAdminEmails));
}

export function recordLimitOf(plan: OwnerPlan & { isSuperAdminOwner: boolean }): RecordLimit {
  return {
    tier: plan.tier,
    isSubscribed: plan.hasActiveSubscription,
    maxSubmissions: plan.limits.maxSubmissions,
    isSuperAdminOwner: plan.isSuperAdminOwner,
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
