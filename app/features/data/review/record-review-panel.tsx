import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AlertCircle, MessageSquare, Send } from "lucide-react";
import { Alert, AlertDescription } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import {
  COMMENT_MAX_LENGTH,
  reviewCommentSchema,
  reviewDecisionSchema,
  type ReviewCommentInput,
  type ReviewDecisionInput,
  type ReviewThreadDto,
} from "../../../../shared/records/record-review.ts";
import { REVIEW_DECISIONS } from "../../../../shared/records/review-states.ts";
import { dataKeys } from "../api/data-api.ts";
import { reviewApi, reviewKeys, useReviewThread } from "../api/review-api.ts";
import { useAnswerText } from "../use-answer-text.ts";
import { LoadFailed } from "./load-failed.tsx";
import { ReviewStateBadge } from "./review-state-badge.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

interface RecordReviewPanelProps {
  applicationId: string;
  recordId: string;
  /** Application admins and super admins set the state; everyone who sees the record comments. */
  canReview: boolean;
  /** The reader sent this record (they fix it when it has issues). */
  isSubmitter: boolean;
}

/** The review of one record: its state, the admins' decision form and the comment thread (ODK Central's flow). */
export function RecordReviewPanel({ applicationId, recordId, canReview, isSubmitter }: RecordReviewPanelProps) {
  const { t } = useTranslation("review");
  const format = useAnswerText();
  const thread = useReviewThread(applicationId, recordId);
  const queryClient = useQueryClient();
  const settle = (next: ReviewThreadDto) => {
    queryClient.setQueryData(reviewKeys.thread(applicationId, recordId), next);
    // The list's badges, the map popups and the filter's counts follow the new state.
    void queryClient.invalidateQueries({ queryKey: dataKeys.all(applicationId) });
  };

  if (isUnavailableOffline(thread)) return <OfflineUnavailable onRetry={() => thread.refetch()} />;
  if (thread.isPending) return <Skeleton className="h-32 w-full" />;
  if (thread.isError) return <LoadFailed message={t("comments.loadFailed")} onRetry={() => void thread.refetch()} />;
  const { reviewState, comments } = thread.data;
  return (
    <section
      aria-labelledby={`review-${recordId}`}
      className="space-y-4 border-t border-border pt-4"
      data-testid="record-review"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`review-${recordId}`} className="font-semibold">
          {t("panel.title")}
        </h3>
        <ReviewStateBadge state={reviewState} />
      </div>
      {reviewState === "has_issues" && isSubmitter && !canReview && (
        <Alert>
          <AlertCircle />
          <AlertDescription>{t("comments.fixHint")}</AlertDescription>
        </Alert>
      )}
      {canReview && <ReviewForm applicationId={applicationId} recordId={recordId} onSaved={settle} />}
      <div className="space-y-2">
        <h4 className="flex items-center gap-1 text-sm font-medium">
          <MessageSquare className="size-4" aria-hidden /> {t("comments.title")}
        </h4>
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("comments.empty")}</p>
        ) : (
          <ol className="space-y-2" aria-label={t("comments.title")}>
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-md border border-border bg-muted/40 p-2 text-sm">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">
                    {comment.author?.name || comment.author?.email || t("comments.unknownAuthor")}
                  </span>
                  <time dateTime={comment.createdAt}>{format.dateTime(comment.createdAt)}</time>
                  {comment.reviewState && (
                    <span className="inline-flex items-center gap-1">
                      {t("comments.setState")}
                      <ReviewStateBadge state={comment.reviewState} />
                    </span>
                  )}
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{comment.body}</p>
              </li>
            ))}
          </ol>
        )}
        <CommentForm applicationId={applicationId} recordId={recordId} onSaved={settle} />
      </div>
    </section>
  );
}

function ReviewForm({
  applicationId,
  recordId,
  onSaved,
}: {
  applicationId: string;
  recordId: string;
  onSaved(thread: ReviewThreadDto): void;
}) {
  const { t } = useTranslation("review");
  const form = useForm<ReviewDecisionInput>({
    resolver: zodResolver(reviewDecisionSchema),
    defaultValues: { comment: "" },
  });
  const save = useMutation({
    mutationFn: (decision: ReviewDecisionInput) => reviewApi.review(applicationId, recordId, decision),
    onSuccess: (thread) => {
      onSaved(thread);
      form.reset({ comment: "" });
      toast.success(t("panel.saved"));
    },
    onError: (error) => toast.error(t("panel.failed"), { description: apiErrorText(t, error) }),
  });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={(event) => void form.handleSubmit((decision) => save.mutate(decision))(event)}
      className="grid gap-3 sm:grid-cols-[12rem_1fr]"
      noValidate
    >
      <Controller
        control={form.control}
        name="state"
        render={({ field }) => (
          <Select value={field.value ?? ""} onValueChange={field.onChange}>
            <FormField
              label={t("panel.decision")}
              error={errors.state?.message ? t(`validation.${errors.state.message}`) : undefined}
            >
              <SelectTrigger>
                <SelectValue placeholder={t("validation.state")} />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {REVIEW_DECISIONS.map((state) => (
                <SelectItem key={state} value={state}>
                  {t(`states.${state}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FormField
        label={t("panel.comment")}
        error={errors.comment?.message ? t(`validation.${errors.comment.message}`) : undefined}
      >
        <Textarea
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t("panel.commentPlaceholder")}
          {...form.register("comment")}
        />
      </FormField>
      <div className="sm:col-start-2">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t("panel.saving") : t("panel.submit")}
        </Button>
      </div>
    </form>
  );
}

function CommentForm({
  applicationId,
  recordId,
  onSaved,
}: {
  applicationId: string;
  recordId: string;
  onSaved(thread: ReviewThreadDto): void;
}) {
  const { t } = useTranslation("review");
  const form = useForm<ReviewCommentInput>({ resolver: zodResolver(reviewCommentSchema), defaultValues: { body: "" } });
  const send = useMutation({
    mutationFn: ({ body }: ReviewCommentInput) => reviewApi.comment(applicationId, recordId, body),
    onSuccess: (thread) => {
      onSaved(thread);
      form.reset({ body: "" });
    },
    onError: (error) => toast.error(t("comments.failed"), { description: apiErrorText(t, error) }),
  });
  const error = form.formState.errors.body?.message;
  return (
    <form
      onSubmit={(event) => void form.handleSubmit((input) => send.mutate(input))(event)}
      className="flex flex-col gap-2"
      noValidate
    >
      <FormField label={t("comments.label")} error={error ? t(`validation.${error}`) : undefined}>
        <Textarea
          rows={2}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t("comments.placeholder")}
          {...form.register("body")}
        />
      </FormField>
      <div>
        <Button type="submit" variant="outline" size="sm" loading={send.isPending}>
          <Send aria-hidden /> {send.isPending ? t("comments.adding") : t("comments.add")}
        </Button>
      </div>
    </form>
  );
}
