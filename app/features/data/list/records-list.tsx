import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp } from "lucide-react";
import { RECORD_PAGE_DEFAULT, type RecordOrder, type RecordSort } from "../../../../shared/records/record-filter.ts";
import { recordLayout } from "../../../../shared/records/record-layout.ts";
import type { DataView, RecordView } from "../../../../shared/records/record-view.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { useAnswerText } from "../use-answer-text.ts";
import { labelledAnswer } from "../../../../shared/forms/file-choice-labels.ts";
import { PagedRecordsStatus, usePagedRecords } from "./paged-records.tsx";
import { VirtualList } from "./virtual-list.tsx";
import { ReviewStateBadge } from "../review/review-state-badge.tsx";
import { recordAuthor } from "./record-author.ts";

const ROW_HEIGHT = 56;
/** Answer columns shown in the list; the detail view shows every answer. */
const LIST_FIELDS = 3;
/** Repeats read as their entry count ("3 entradas") and files as their name; other media, locations and signatures only in the detail. */
const LISTABLE = new Set([
  "text",
  "number",
  "date",
  "time",
  "yes_no",
  "single_choice",
  "multiple_choice",
  "email",
  "phone",
  "url",
  "calculation",
  "repeat",
  "datetime",
  "range",
  "rank",
  "acknowledge",
  "barcode",
  "file",
]);

interface RecordsListProps {
  applicationId: string;
  view: DataView;
  filterQuery: string;
  sort: RecordSort;
  order: RecordOrder;
  onSort(sort: RecordSort, order: RecordOrder): void;
  onOpen(record: RecordView): void;
}

export function RecordsList({ applicationId, view, filterQuery, sort, order, onSort, onOpen }: RecordsListProps) {
  const { t } = useTranslation(["data", "review"]);
  const format = useAnswerText();
  const {
    query,
    rows: records,
    total,
    loadMore,
  } = usePagedRecords(dataKeys.records(applicationId, filterQuery, sort, order), (cursor) =>
    dataApi.records(applicationId, filterQuery, { sort, order, cursor, limit: RECORD_PAGE_DEFAULT }),
  );
  const columns = useMemo(
    () =>
      recordLayout(view.fields)
        .answered.filter((field) => !field.removed && LISTABLE.has(field.fieldType))
        .slice(0, LIST_FIELDS),
    [view.fields],
  );
  const { isFetchingNextPage } = query;
  const status = <PagedRecordsStatus query={query} total={total} />;
  if (query.isPending || query.isError || total === 0) return status;

  const sortButton = (key: RecordSort, label: string) => {
    const active = sort === key;
    const next: RecordOrder = active && order === "desc" ? "asc" : "desc";
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-medium hover:underline"
        aria-pressed={active}
        onClick={() => onSort(key, active ? next : key === "submitter" ? "asc" : "desc")}
      >
        {label}
        {/* aria-sort belongs to a table's column header; this list's header is buttons, so the order is said in words. */}
        {active ? (
          <span className="sr-only">{t(order === "asc" ? "list.sortedAscending" : "list.sortedDescending")}</span>
        ) : null}
        {active &&
          (order === "asc" ? <ArrowUp className="size-3" aria-hidden /> : <ArrowDown className="size-3" aria-hidden />)}
      </button>
    );
  };
  const grid = {
    gridTemplateColumns: `minmax(9rem,1fr) minmax(8rem,1fr) minmax(8rem,0.8fr) repeat(${columns.length}, minmax(8rem,1.5fr))`,
  };

  return (
    <div className="rounded-lg border border-border bg-card">
      <p className="border-b border-border px-3 py-2 text-sm text-muted-foreground" data-testid="records-total">
        {t("list.total", { count: total })}
      </p>
      <div className="overflow-x-auto">
        <div className="min-w-[40rem]">
          <div className="grid gap-3 border-b border-border px-3 py-2 text-sm" style={grid}>
            {sortButton("createdAt", t("list.date"))}
            {sortButton("submitter", t("list.submitter"))}
            <span className="truncate font-medium">{t("review:filter.label")}</span>
            {columns.map((field) => (
              <span key={field.id} className="truncate font-medium">
                {field.label}
              </span>
            ))}
          </div>
          <VirtualList
            ariaLabel={t("list.label")}
            className="h-[60vh]"
            count={records.length}
            rowHeight={ROW_HEIGHT}
            onNearEnd={loadMore}
            renderRow={(index) => {
              const record = records[index];
              if (!record) return null;
              return (
                <button
                  type="button"
                  className="grid h-full w-full items-center gap-3 border-b border-border px-3 text-left text-sm hover:bg-muted"
                  style={grid}
                  onClick={() => onOpen(record)}
                  data-record-id={record.id}
                >
                  <span className="truncate">{format.dateTime(record.createdAt)}</span>
                  <span className="truncate">{recordAuthor(record, t)}</span>
                  <span className="truncate">
                    <ReviewStateBadge state={record.reviewState} />
                  </span>
                  {columns.map((field) => (
                    <span key={field.id} className="truncate">
                      {format.answer(field, labelledAnswer(record.answers[field.id], record.choiceLabels?.[field.id]))}
                    </span>
                  ))}
                </button>
              );
            }}
          />
          {isFetchingNextPage && <p className="px-3 py-2 text-sm text-muted-foreground">{t("loadingMore")}</p>}
        </div>
      </div>
    </div>
  );
}
