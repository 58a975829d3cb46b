import type { SubmissionRow } from "../db/queries/submissions.ts";
import type { SubmissionDto } from "../../shared/applications/application-dtos.ts";

/** A record as it leaves the server: never the owner id or the payload hash. */
export function presentSubmission(row: SubmissionRow): SubmissionDto {
  const hasLocation = row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    applicationId: row.applicationId,
    submitterId: row.submitterId,
    status: row.status,
    formVersion: row.formVersion,
    reviewState: row.reviewState,
    answers: row.answers,
    location: hasLocation
      ? {
          latitude: row.latitude!,
          longitude: row.longitude!,
          accuracy: row.locationAccuracy,
          timestamp: row.locationTimestamp?.toISOString() ?? null,
        }
      : null,
    clientCreatedAt: row.clientCreatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
