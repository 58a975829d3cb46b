import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type {
  RecordHistoryDto,
  ReviewDecisionInput,
  ReviewThreadDto,
} from "../../../../shared/records/record-review.ts";

const record = (applicationId: string, recordId: string) =>
  `/api/applications/${encodeURIComponent(applicationId)}/submissions/${encodeURIComponent(recordId)}`;

/** Under the data page's keys (dataKeys.all), so a refresh of the page's data refreshes these too. */
export const reviewKeys = {
  history: (applicationId: string, recordId: string) => ["data", applicationId, "history", recordId] as const,
  thread: (applicationId: string, recordId: string) => ["data", applicationId, "thread", recordId] as const,
};

export const reviewApi = {
  history: (applicationId: string, recordId: string) =>
    api.get<RecordHistoryDto>(`${record(applicationId, recordId)}/history`),
  restore: (applicationId: string, recordId: string, versionId: string) =>
    api.post<RecordHistoryDto>(`${record(applicationId, recordId)}/history/${encodeURIComponent(versionId)}/restore`),
  thread: (applicationId: string, recordId: string) =>
    api.get<ReviewThreadDto>(`${record(applicationId, recordId)}/comments`),
  review: (applicationId: string, recordId: string, decision: ReviewDecisionInput) =>
    api.post<ReviewThreadDto>(`${record(applicationId, recordId)}/review`, { ...decision }),
  comment: (applicationId: string, recordId: string, body: string) =>
    api.post<ReviewThreadDto>(`${record(applicationId, recordId)}/comments`, { body }),
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
