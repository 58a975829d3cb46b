import type { RecordRow } from "../db/queries/records.ts";
import type { RecordView } from "../../shared/records/record-view.ts";
import type { OverviewRecord } from "../../shared/records/overview.ts";
import type { ChoiceLabels } from "../../shared/forms/file-choice-labels.ts";

/**
 * A record for the data page: answers, location and who sent it (never the owner id or the payload hash), and the
 * labels of its answers picked from attached files when it has any (services/records/record-choice-labels.ts).
 */
export function presentRecord(row: RecordRow, choiceLabels?: ChoiceLabels): RecordView {
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
    ...(choiceLabels && Object.keys(choiceLabels).length > 0 ? { choiceLabels } : {}),
  };
}

/** A record in a cross-application overview: the same, naming its application. */
export function presentOverviewRecord(row: RecordRow): OverviewRecord {
  return { ...presentRecord(row), applicationId: row.applicationId };
}
