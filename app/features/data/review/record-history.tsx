import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { ArrowRight, History, RotateCcw } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { formatCoordinates } from "../../../../shared/records/answer-format.ts";
import type { AnswerChange, EntryRef } from "../../../../shared/records/answer-diff.ts";
import type { LocationValue, RecordVersionDto } from "../../../../shared/records/record-review.ts";
import { dataKeys } from "../api/data-api.ts";
import { reviewApi, reviewKeys, useRecordHistory } from "../api/review-api.ts";
import { AnswerValue } from "../list/record-detail-dialog.tsx";
import { useAnswerText } from "../use-answer-text.ts";
import { LoadFailed } from "./load-failed.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

interface RecordHistoryProps {
  applicationId: string;
  recordId: string;
  /** Application admins and super admins restore earlier versions. */
  canRestore: boolean;
  /** After a restore: the record's answers changed. */
  onRestored(): void;
}

/** Every version of a record, newest first, each as the per-field difference from the one before it. */
export function RecordHistory({ applicationId, recordId, canRestore, onRestored }: RecordHistoryProps) {
  const { t } = useTranslation("review");
  const history = useRecordHistory(applicationId, recordId);
  const queryClient = useQueryClient();
  const [toRestore, setToRestore] = useState<RecordVersionDto | null>(null);
  const restore = useMutation({
    mutationFn: (version: RecordVersionDto) => reviewApi.restore(applicationId, recordId, version.id ?? ""),
    onSuccess: (next) => {
      queryClient.setQueryData(reviewKeys.history(applicationId, recordId), next);
      void queryClient.invalidateQueries({ queryKey: dataKeys.all(applicationId) });
      toast.success(t("history.restored"));
      setToRestore(null);
      onRestored();
    },
    onError: (error) => toast.error(t("history.restoreFailed"), { description: apiErrorText(t, error) }),
  });

  if (isUnavailableOffline(history)) return <OfflineUnavailable onRetry={() => history.refetch()} />;
  if (history.isPending) return <Skeleton className="h-24 w-full" />;
  if (history.isError) return <LoadFailed message={t("history.loadFailed")} onRetry={() => void history.refetch()} />;
  const versions = [...history.data.versions].reverse();
  return (
    <section
      aria-labelledby={`history-${recordId}`}
      className="space-y-3 border-t border-border pt-4"
      data-testid="record-history"
    >
      <h3 id={`history-${recordId}`} className="flex items-center gap-1 font-semibold">
        <History className="size-4" aria-hidden /> {t("history.title")}
      </h3>
      <ol className="space-y-3">
        {versions.map((version) => (
          <VersionItem key={version.number} version={version} canRestore={canRestore} onRestore={setToRestore} />
        ))}
      </ol>
      <ConfirmActionDialog
        open={toRestore !== null}
        title={t("history.restoreTitle", { number: toRestore?.number })}
        description={t("history.restoreMessage", { number: toRestore?.number })}
        confirmLabel={t("history.restore")}
        busyLabel={t("history.restoring")}
        busy={restore.isPending}
        onConfirm={() => toRestore && restore.mutate(toRestore)}
        onClose={() => setToRestore(null)}
      />
    </section>
  );
}

function VersionItem({
  version,
  canRestore,
  onRestore,
}: {
  version: RecordVersionDto;
  canRestore: boolean;
  onRestore(version: RecordVersionDto): void;
}) {
  const { t } = useTranslation("review");
  const format = useAnswerText();
  const author = version.author?.name || version.author?.email || t("history.unknownAuthor");
  return (
    <li className="rounded-md border border-border p-3 text-sm" data-version={version.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {t("history.version", { number: version.number })}
            {version.current && <Badge variant="secondary">{t("history.current")}</Badge>}
            {version.formVersion !== null && (
              <span className="text-xs font-normal text-muted-foreground">
                {t("history.formVersion", { version: version.formVersion })}
              </span>
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {version.number === 1 ? t("history.received", { author }) : t("history.edited", { author })} ·{" "}
            <time dateTime={version.at}>{format.dateTime(version.at)}</time>
            {version.restoredFrom !== null && <> · {t("history.restoredFrom", { number: version.restoredFrom })}</>}
          </p>
        </div>
        {canRestore && !version.current && version.id && (
          <Button variant="outline" size="sm" onClick={() => onRestore(version)}>
            <RotateCcw aria-hidden /> {t("history.restore")}
          </Button>
        )}
      </div>
      {version.number > 1 && <ChangeList changes={version.changes} location={version.locationChange} />}
    </li>
  );
}

/** The repeat entries holding a changed answer, outermost first ("Membros · item 2 › Visitas · item 1"). */
function entriesOf(change: AnswerChange): EntryRef[] {
  return change.repeat ? [...(change.within ?? []), change.repeat] : [];
}

function ChangeList({ changes, location }: { changes: AnswerChange[]; location: RecordVersionDto["locationChange"] }) {
  const { t } = useTranslation("review");
  if (changes.length === 0 && !location)
    return <p className="mt-2 text-xs text-muted-foreground">{t("history.noChanges")}</p>;
  const where = (value: LocationValue | null) =>
    value ? formatCoordinates(value.latitude, value.longitude) : t("history.empty");
  return (
    <dl className="mt-2 space-y-2">
      {changes.map((change) => (
        <div
          key={[...entriesOf(change).map((entry) => `${entry.fieldId}.${entry.index}`), change.fieldId].join("/")}
          className="grid gap-1 sm:grid-cols-[10rem_1fr]"
        >
          <dt className="font-medium">
            {change.repeat
              ? entriesOf(change)
                  .map((entry) => t("history.entry", { group: entry.label, number: entry.index + 1 }))
                  .join(" › ") + " · "
              : ""}
            {change.field.label}
          </dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="rounded bg-destructive/10 px-1 line-through decoration-destructive/60">
              <span className="sr-only">{t("history.before")}: </span>
              <AnswerValue field={change.field} value={change.before} />
            </span>
            <ArrowRight className="size-3 shrink-0 text-muted-foreground" aria-hidden />
            <span className="rounded bg-success/15 px-1">
              <span className="sr-only">{t("history.after")}: </span>
              <AnswerValue field={change.field} value={change.after} />
            </span>
          </dd>
        </div>
      ))}
      {location && (
        <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">{t("history.location")}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="rounded bg-destructive/10 px-1 line-through">
              <span className="sr-only">{t("history.before")}: </span>
              {where(location.before)}
            </span>
            <ArrowRight className="size-3 shrink-0 text-muted-foreground" aria-hidden />
            <span className="rounded bg-success/15 px-1">
              <span className="sr-only">{t("history.after")}: </span>
              {where(location.after)}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}
