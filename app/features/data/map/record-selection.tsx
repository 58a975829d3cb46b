import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { recordLayout } from "../../../../shared/records/record-layout.ts";
import type { RecordField } from "../../../../shared/records/answer-format.ts";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { useAnswerText } from "../use-answer-text.ts";
import { ReviewStateBadge } from "../review/review-state-badge.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

interface RecordSelectionProps {
  applicationId: string;
  /** The records under the click: one, or several sharing a place. */
  ids: string[];
  /** Answers shown in the summary (the first three that read as text); none on the overview map. */
  fields: RecordField[];
  openLabel: string;
  onOpen(record: RecordView): void;
}

/** A map popup's content: one record's date, submitter and first answers (fetched when shown), or a list to pick from. */
export function RecordSelection({ applicationId, ids, fields, openLabel, onOpen }: RecordSelectionProps) {
  const { t } = useTranslation("data");
  const [picked, setPicked] = useState<string | null>(ids.length === 1 ? (ids[0] ?? null) : null);
  if (picked)
    return (
      <RecordSummary
        applicationId={applicationId}
        recordId={picked}
        fields={fields}
        openLabel={openLabel}
        onOpen={onOpen}
      />
    );
  return (
    <div className="space-y-1 text-sm text-foreground">
      <p className="font-medium">{t("map.samePlace", { count: ids.length })}</p>
      <ul className="max-h-48 space-y-1 overflow-y-auto">
        {ids.map((id, index) => (
          <li key={id}>
            <button
              type="button"
              className="text-primary underline-offset-2 hover:underline"
              onClick={() => setPicked(id)}
            >
              {t("map.recordNumber", { number: index + 1 })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecordSummary({
  applicationId,
  recordId,
  fields,
  openLabel,
  onOpen,
}: Omit<RecordSelectionProps, "ids"> & { recordId: string }) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const query = useQuery({
    queryKey: dataKeys.record(applicationId, recordId),
    queryFn: () => dataApi.record(applicationId, recordId),
  });
  if (isUnavailableOffline(query)) return <OfflineUnavailable onRetry={() => query.refetch()} />;
  if (query.isPending) return <p className="text-sm">{t("loading")}</p>;
  if (query.isError) return <p className="text-sm text-destructive">{t("map.recordError")}</p>;
  const record = query.data;
  const shown = recordLayout(fields)
    .answered.filter(
      (field) => !field.removed && !["photo", "signature", "audio", "video", "file", "gps"].includes(field.fieldType),
    )
    .slice(0, 3);
  return (
    <div className="space-y-1 text-sm text-foreground">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {format.dateTime(record.createdAt)} <ReviewStateBadge state={record.reviewState} />
      </p>
      <p className="text-muted-foreground">{record.submitter?.name || record.submitter?.email}</p>
      {shown.map((field) => (
        <p key={field.id} className="truncate">
          <span className="font-medium">{field.label}:</span> {format.answer(field, record.answers[field.id])}
        </p>
      ))}
      <Button size="sm" className="mt-1" onClick={() => onOpen(record)}>
        {openLabel}
      </Button>
    </div>
  );
}
