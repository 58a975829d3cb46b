import { useCallback, useMemo } from "react";
import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertCircle, Inbox } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

interface KeysetPage<T> {
  records: T[];
  nextCursor: string | null;
  total: number;
}

/** Records in keyset pages (the data page's list and /data's): the rows so far, the total, and a guarded "load more". */
export function usePagedRecords<P extends KeysetPage<unknown>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<P>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = useMemo((): P["records"] => query.data?.pages.flatMap((page) => page.records) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { query, rows, total: query.data?.pages[0]?.total ?? 0, loadMore };
}

/** The list's loading, error and empty states; null once there are records to show. */
export function PagedRecordsStatus({ query, total }: Pick<ReturnType<typeof usePagedRecords>, "query" | "total">) {
  const { t } = useTranslation("data");
  if (isUnavailableOffline(query)) return <OfflineUnavailable onRetry={() => query.refetch()} />;
  if (query.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle />
        <AlertTitle>{t("list.error")}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
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
  return null;
}
