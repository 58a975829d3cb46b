import { z } from "zod";
import type { AnswerChange } from "./answer-diff.ts";
import { REVIEW_DECISIONS, type ReviewState } from "./review-states.ts";

export const COMMENT_MAX_LENGTH = 2000;

/** Error messages are keys of the `review` catalog's `validation` group. */
const commentText = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(COMMENT_MAX_LENGTH, { error: "max" });

/** POST /api/applications/:id/submissions/:submissionId/review — an application admin's decision and why. */
export const reviewDecisionSchema = z.object({
  state: z.enum(REVIEW_DECISIONS, { error: "state" }),
  comment: commentText,
});
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;

/** POST /api/applications/:id/submissions/:submissionId/comments — a plain comment in the record's thread. */
export const reviewCommentSchema = z.object({ body: commentText });
export type ReviewCommentInput = z.infer<typeof reviewCommentSchema>;

export interface PersonRef {
  id: string;
  name: string;
  email: string;
}

/** One comment of a record's thread, oldest first; `reviewState` is the state it set, null for a plain comment. */
export interface ReviewCommentDto {
  id: string;
  author: PersonRef | null;
  body: string;
  reviewState: ReviewState | null;
  createdAt: string;
}

/** GET …/comments: the thread and the record's current state. */
export interface ReviewThreadDto {
  reviewState: ReviewState;
  comments: ReviewCommentDto[];
}

export interface LocationValue {
  latitude: number;
  longitude: number;
}

/**
 * One state of a record, oldest first: the record as received (number 1), then one per edit; the last is the record
 * as it is now (`current`). `id` names the stored copy to restore (null for the current state). `author` and `at`
 * say who made this state and when (for number 1: the submitter, when it was received); `changes` is what differs
 * from the state before (empty for number 1).
 */
export interface RecordVersionDto {
  id: string | null;
  number: number;
  current: boolean;
  author: PersonRef | null;
  at: string;
  formVersion: number | null;
  /** Set when this state was made by restoring an earlier one: that state's number. */
  restoredFrom: number | null;
  changes: AnswerChange[];
  locationChange: { before: LocationValue | null; after: LocationValue | null } | null;
}

/** GET …/history. */
export interface RecordHistoryDto {
  versions: RecordVersionDto[];
}
