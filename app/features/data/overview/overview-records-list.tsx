import { useMemo } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { MapPin } from "lucide-react";
import { RECORD_PAGE_DEFAULT } from "../../../../shared/records/record-filter.ts";
import type { OverviewApplication } from "../../../../shared/records/overview.ts";
import { overviewApi, overviewKeys } from "../api/overview-api.ts";
import { PagedRecordsStatus, usePagedRecords } from "../list/paged-records.tsx";
import { VirtualList } from "../list/virtual-list.tsx";
import { useAnswerText } from "../use-answer-text.ts";
import { answerSummary, type SummaryPart } from "./answer-summary.ts";
import { recordAuthor } from "../list/record-author.ts";

const ROW_HEIGHT = 56;
const GRID = {
  gridTemplateColumns: "minmax(9rem,1.2fr) minmax(8rem,1fr) minmax(9rem,1fr) minmax(7rem,0.8fr) minmax(10rem,2fr)",
};

interface OverviewRecordsListProps {
  applications: OverviewApplication[];
  /** The filter and the application as search parameters. */
  search: string;
}

/** "Label: value · Label: value", truncated to the column; the whole line is the title and what screen readers read. */
function AnswerPairs({ parts }: { parts: SummaryPart[] }) {
  const whole = parts.map((part) => `${part.label}: ${part.value}`).join(" · ");
  return (
    <span className="truncate" title={whole} data-testid="answer-summary">
      {parts.map((part, index) => (
        <span key={part.label + String(index)}>
          {index > 0 && " · "}
          <span className="text-muted-foreground">{part.label}:</span> {part.value}
        </span>
      ))}
    </span>
  );
}

/** Every readable record of the user's applications, newest first, in keyset pages; a row opens its application's data. */
export function OverviewRecordsList({ applications, search }: OverviewRecordsListProps) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const names = useMemo(
    () => new Map(applications.map((application) => [application.id, application.name])),
    [applications],
  );
  const { query, rows, total, loadMore } = usePagedRecords(
    overviewKeys.records(search, "createdAt", "desc"),
    (cursor) => overviewApi.records(search, { sort: "createdAt", order: "desc", cursor, limit: RECORD_PAGE_DEFAULT }),
  );
  const { isFetchingNextPage } = query;
  const fieldsByApplication = useMemo(
    () => new Map(query.data?.pages.flatMap((page) => Object.entries(page.fields)) ?? []),
    [query.data],
  );
  const status = <PagedRecordsStatus query={query} total={total} />;
  if (query.isPending || query.isError || total === 0) return status;
  return (
    <div className="rounded-lg border border-border bg-card">
      <p className="border-b border-border px-3 py-2 text-sm text-muted-foreground" data-testid="records-total">
        {t("list.total", { count: total })}
      </p>
      <div className="overflow-x-auto">
        <div className="min-w-[48rem]">
          <div className="grid gap-3 border-b border-border px-3 py-2 text-sm font-medium" style={GRID}>
            <span>{t("overview.columns.application")}</span>
            <span>{t("list.submitter")}</span>
            <span>{t("list.date")}</span>
            <span>{t("overview.columns.location")}</span>
            <span>{t("overview.columns.answers")}</span>
          </div>
          <VirtualList
            ariaLabel={t("list.label")}
            className="h-[60vh]"
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            onNearEnd={loadMore}
            renderRow={(index) => {
              const record = rows[index];
              if (!record) return null;
              return (
                <Link
                  to={`/applications/${record.applicationId}/data`}
                  className="grid h-full w-full items-center gap-3 border-b border-border px-3 text-left text-sm hover:bg-muted"
                  style={GRID}
                  data-record-id={record.id}
                >
                  <span className="truncate font-medium">{names.get(record.applicationId) ?? "—"}</span>
                  <span className="truncate">{recordAuthor(record, t)}</span>
                  <span className="truncate">{format.dateTime(record.createdAt)}</span>
                  <span className="truncate text-muted-foreground">
                    {record.location ? (
                      <span className="inline-flex items-center gap-1">
                        <MapPin className="size-3.5" aria-hidden />
                        {record.location.latitude.toFixed(4)}, {record.location.longitude.toFixed(4)}
                      </span>
                    ) : (
                      t("overview.noLocation")
                    )}
                  </span>
                  <AnswerPairs
                    parts={answerSummary(
                      record.answers,
                      fieldsByApplication.get(record.applicationId) ?? [],
                      format.answer,
                    )}
                  />
                </Link>
              );
            }}
          />
          {isFetchingNextPage && <p className="px-3 py-2 text-sm text-muted-foreground">{t("loadingMore")}</p>}
        </div>
      </div>
    </div>
  );
}
