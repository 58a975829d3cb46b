/**
 * Review states of a record, as in ODK Central: every record arrives `received`; application admins mark it
 * `approved`, `has_issues` or `rejected` with a comment; editing a record that has issues returns it to `edited`.
 * The keys are stored in `form_submissions.review_state`; users read them from the `review` namespace.
 */
export const REVIEW_STATES = ["received", "approved", "has_issues", "rejected", "edited"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** What an application admin may set by hand (`received` and `edited` follow from what happens to the record). */
export const REVIEW_DECISIONS = ["approved", "has_issues", "rejected"] as const satisfies readonly ReviewState[];

export function isReviewState(value: unknown): value is ReviewState {
  return typeof value === "string" && (REVIEW_STATES as readonly string[]).includes(value);
}

/**
 * The state a record takes when its answers change (an edit by its submitter or an admin's restore): `edited`, as
 * in ODK Central, so a fixed 'has issues' record comes back to the reviewers' attention and an approved record
 * that changed afterwards no longer reads as approved.
 */
export const STATE_AFTER_EDIT: ReviewState = "edited";
