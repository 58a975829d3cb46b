import { useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import {
  addSubmissionComment,
  getSubmissionComments,
  getSubmissionHistory,
  restoreSubmissionVersion,
  reviewSubmission,
} from "../../../../shared/api/contracts/submissions.ts";
import type { ReviewDecisionInput } from "../../../../shared/records/record-review.ts";

const record = (applicationId: string, recordId: string) => ({ params: { id: applicationId, submissionId: recordId } });

/** Under the application's key (dataKeys.all), so a refresh of the page's data refreshes these too. */
export const reviewKeys = {
  history: (applicationId: string, recordId: string) =>
    queryKeyOf(getSubmissionHistory, record(applicationId, recordId)),
  thread: (applicationId: string, recordId: string) =>
    queryKeyOf(getSubmissionComments, record(applicationId, recordId)),
};

export const reviewApi = {
  history: (applicationId: string, recordId: string) => callApi(getSubmissionHistory, record(applicationId, recordId)),
  restore: (applicationId: string, recordId: string, versionId: string) =>
    callApi(restoreSubmissionVersion, {
      params: { ...record(applicationId, recordId).params, versionId },
    }),
  thread: (applicationId: string, recordId: string) => callApi(getSubmissionComments, record(applicationId, recordId)),
  review: (applicationId: string, recordId: string, decision: ReviewDecisionInput) =>
    callApi(reviewSubmission, { ...record(applicationId, recordId), body: decision }),
  comment: (applicationId: string, recordId: string, body: string) =>
    callApi(addSubmissionComment, { ...record(applicationId, recordId), body: { body } }),
};

export function useRecordHistory(applicationId: string, recordId: string) {
  return useQuery({
    queryKey: reviewKeys.history(applicationId, recordId),
    queryFn: () => reviewApi.history(applicationId, recordId),
  });
}

export function useReviewThread(applicationId: string, recordId: string) {
  return useQuery({
    queryKey: reviewKeys.thread(applicationId, recordId),
    queryFn: () => reviewApi.thread(applicationId, recordId),
  });
}
