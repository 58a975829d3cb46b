import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertCircle, Inbox, MapPin } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { RECORD_PAGE_DEFAULT } from "../../../../shared/records/record-filter.ts";
import type { OverviewApplication } from "../../../../shared/records/overview.ts";
import { overviewApi, overviewKeys } from "../api/overview-api.ts";
import { VirtualList } from "../list/virtual-list.tsx";
import { useAnswerText } from "../use-answer-text.ts";
import { answerSummary } from "./answer-summary.ts";

const ROW_HEIGHT = 56;
const GRID = { gridTemplateColumns: "minmax(9rem,1.2fr) minmax(8rem,1fr) minmax(9rem,1fr) minmax(7rem,0.8fr) minmax(10rem,2fr)" };

interface OverviewRecordsListProps {
  applications: OverviewApplication[];
  /** The filter and the application as search parameters. */
  query: string;
}

/** Every readable record of the user's applications, newest first, in keyset pages; a row opens its application's data. */
export function OverviewRecordsList({ applications, query }: OverviewRecordsListProps) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const names = useMemo(() => new Map(applications.map((application) => [application.id, application.name])), [applications]);
  const records = useInfiniteQuery({
    queryKey: overviewKeys.records(query, "createdAt", "desc"),
    queryFn: ({ pageParam }) => overviewApi.records(query, { sort: "createdAt", order: "desc", cursor: pageParam, limit: RECORD_PAGE_DEFAULT }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = useMemo(() => records.data?.pages.flatMap((page) => page.records) ?? [], [records.data]);
  const total = records.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = records;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (records.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (records.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle />
        <AlertTitle>{t("list.error")}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => void records.refetch()}>
            {t("retry")}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (total === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-10 text-center text-muted-foreground">
        <Inbox className="size-8" aria-hidden />
        <p>{t("list.empty")}</p>
      </div>
    );
  }
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
                  <span className="truncate">{record.submitter?.name || record.submitter?.email || t("list.unknownSubmitter")}</span>
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
                  <span className="truncate">{answerSummary(record.answers, { yes: t("answers.yes"), no: t("answers.no") })}</span>
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
