import type { PublicLinkRow, PublicLinkWithCount } from "../db/queries/public-links.ts";
import { linkStatus } from "../services/public-links/link-status.ts";
import type { PublicLinkDto, PublicLinkRecordDto } from "../../shared/public-links/public-link-dtos.ts";
import type { SubmissionRow } from "../db/queries/submissions.ts";

export function presentPublicLink(link: PublicLinkWithCount, now: Date): PublicLinkDto {
  return {
    id: link.id,
    name: link.name,
    token: link.token,
    status: linkStatus(link, link.recordsCount, now),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    maxRecords: link.maxRecords,
    oneRecordPerDevice: link.oneRecordPerDevice,
    recordsCount: link.recordsCount,
    pausedAt: iso(link.pausedAt),
    revokedAt: iso(link.revokedAt),
    createdAt: link.createdAt.toISOString(),
  };
}

function iso(value: PublicLinkRow["pausedAt"]): string | null {
  return value?.toISOString() ?? null;
}

export function presentPublicLinkRecord(
  row: Pick<SubmissionRow, "id" | "createdAt" | "clientCreatedAt" | "reviewState">,
): PublicLinkRecordDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    clientCreatedAt: iso(row.clientCreatedAt),
    reviewState: row.reviewState,
  };
}
