import type { LimitReason } from "../../shared/billing/billing-dtos.ts";

/** Where every place that hits a plan limit sends the owner: the plans page, told which limit it was. */
export function upgradePath(reason: LimitReason): string {
  return `/subscription?limit=${reason}`;
}
