import type { SubmissionRow } from "../db/queries/submissions.ts";

export interface SubmissionLocationView {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  timestamp: string | null;
}

export interface SubmissionView {
  id: string;
  applicationId: string;
  submitterId: string | null;
  status: string;
  /** Field id → answer; photo and signature answers reference /api/attachments/{attachmentId}. */
  answers: Record<string, unknown>;
  location: SubmissionLocationView | null;
  clientCreatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A record as it leaves the server: never the owner id or the payload hash. */
export function presentSubmission(row: SubmissionRow): SubmissionView {
  const hasLocation = row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    applicationId: row.applicationId,
    submitterId: row.submitterId,
    status: row.status,
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
