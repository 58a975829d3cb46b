import type { Db } from "../../db/client.ts";
import { findSubmission, type SubmissionRow } from "../../db/queries/submissions.ts";
import { ApiError } from "../../lib/api-error.ts";
import { seesAllSubmissions, type ReadableAccess } from "../../policies/application-access.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The record as this reader may see it: administrators and super admins any record of the application,
 * collaborators only their own. Anything else is 404 SUBMISSION_NOT_FOUND, as for an id that does not exist.
 */
export async function loadVisibleSubmission(
  db: Db,
  access: ReadableAccess,
  submissionId: string,
): Promise<SubmissionRow> {
  const row = UUID_PATTERN.test(submissionId)
    ? await findSubmission(db, access.application.id, submissionId)
    : undefined;
  if (!row || (!seesAllSubmissions(access) && row.submitterId !== access.userId)) {
    throw new ApiError("SUBMISSION_NOT_FOUND", "Registro não encontrado");
  }
  return row;
}
