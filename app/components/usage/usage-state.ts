import type { BillingLimitsDto, BillingUsageDto } from "../../../shared/billing/billing-dtos.ts";
import { BYTES_PER_GB, hasReachedLimit, isNearLimit } from "../../../shared/plans/plans.ts";

/** unlimited: no cap; near: from 80 % (spec's is_near_limit); reached: at or over the cap. */
export type UsageLevel = "unlimited" | "ok" | "near" | "reached";

export function usageLevel(used: number, limit: number | null): UsageLevel {
  if (limit === null) return "unlimited";
  if (hasReachedLimit(used, limit)) return "reached";
  return isNearLimit(used, limit) ? "near" : "ok";
}

/** The usage bar's colour by level: amber near the limit, red at or over it. */
export const USAGE_INDICATOR: Record<UsageLevel, string> = {
  ok: "bg-primary",
  unlimited: "bg-primary",
  near: "bg-warning",
  reached: "bg-destructive",
};

export type UsageResource = keyof BillingUsageDto;

export interface UsageRow {
  resource: UsageResource;
  used: number;
  /** In the resource's unit (bytes for storage); null = unlimited. */
  limit: number | null;
  level: UsageLevel;
  /** 0–100 for the bar; 0 when unlimited. */
  percent: number;
}

export const USAGE_RESOURCES = [
  "submissions",
  "applications",
  "teamMembers",
  "storageBytes",
] as const satisfies readonly UsageResource[];

function limitOf(resource: UsageResource, limits: BillingLimitsDto): number | null {
  switch (resource) {
    case "submissions":
      return limits.submissions;
    case "applications":
      return limits.applications;
    case "teamMembers":
      return limits.teamMembers;
    case "storageBytes":
      return limits.storageGb === null ? null : limits.storageGb * BYTES_PER_GB;
  }
}

/** One bar per limited resource of the owner's plan, in the order the page shows them. */
export function usageRows({ usage, limits }: { usage: BillingUsageDto; limits: BillingLimitsDto }): UsageRow[] {
  return USAGE_RESOURCES.map((resource) => {
    const used = usage[resource];
    const limit = limitOf(resource, limits);
    const percent =
      limit === null || limit === 0 ? (limit === 0 && used > 0 ? 100 : 0) : Math.min(100, (used / limit) * 100);
    return { resource, used, limit, level: usageLevel(used, limit), percent };
  });
}
