import type { RecordRow } from "../db/queries/records.ts";
import type { RecordView } from "../../shared/records/record-view.ts";
import type { OverviewRecord } from "../../shared/records/overview.ts";

/** A record for the data page: answers, location and who sent it (never the owner id or the payload hash). */
export function presentRecord(row: RecordRow): RecordView {
  const located = row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    submitter: row.submitterId
      ? { id: row.submitterId, name: row.submitterName ?? "", email: row.submitterEmail ?? "" }
      : null,
    publicLink: row.publicLinkId ? { id: row.publicLinkId, name: row.publicLinkName ?? "" } : null,
    answers: row.answers,
    reviewState: row.reviewState,
    location: located
      ? {
          latitude: row.latitude!,
          longitude: row.longitude!,
          accuracy: row.locationAccuracy,
          timestamp: row.locationTimestamp,
        }
      : null,
    clientCreatedAt: row.clientCreatedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A record in a cross-application overview: the same, naming its application. */
export function presentOverviewRecord(row: RecordRow): OverviewRecord {
  return { ...presentRecord(row), applicationId: row.applicationId };
}
