import { useState } from "react";
import { useTranslation } from "react-i18next";
import { History } from "lucide-react";
import { LoadFailed } from "../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { AUDIT_KINDS, type AuditKind } from "../../../shared/audit/audit-kinds.ts";
import { useChangeLog, useChangeLogFilters, type ChangeLogFilter } from "./audit-api.ts";
import { ChangeEntry } from "./change-entry.tsx";
import { LogFilterSelect } from "./log-filter-select.tsx";

/** /change-management: who changed what and when, in the applications the user administers and their account. */
export default function ChangeLogPage() {
  const { t } = useTranslation("audit");
  const [filter, setFilter] = useState<ChangeLogFilter>({});
  const log = useChangeLog(filter);
  const choices = useChangeLogFilters();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filter).some(Boolean);

  let content;
  if (isUnavailableOffline(log)) content = <OfflineUnavailable onRetry={() => log.refetch()} />;
  else if (log.isPending) {
    content = (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-24 w-full" />
        ))}
      </div>
    );
  } else if (log.isError && entries.length === 0) {
    content = (
      <LoadFailed
        title={t("changeLog.loadFailed")}
        retryLabel={t("changeLog.retry")}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  } else if (entries.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <History className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{filtered ? t("changeLog.emptyFiltered") : t("changeLog.emptyTitle")}</p>
        {filtered ? null : <p className="text-sm text-muted-foreground">{t("changeLog.emptyText")}</p>}
      </div>
    );
  } else {
    content = (
      <>
        <ol className="flex flex-col gap-3" aria-label={t("changeLog.listLabel")}>
          {entries.map((entry) => (
            <ChangeEntry key={entry.id} entry={entry} />
          ))}
        </ol>
        {log.hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            {t("changeLog.more")}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("changeLog.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("changeLog.subtitle")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label={t("changeLog.filters")}>
        <LogFilterSelect
          id="change-log-application"
          label={t("changeLog.application")}
          allLabel={t("changeLog.allApplications")}
          value={filter.applicationId}
          options={(choices.data?.applications ?? []).map((app) => ({ value: app.id, label: app.name }))}
          onChange={(applicationId) => setFilter((current) => ({ ...current, applicationId }))}
        />
        <LogFilterSelect
          id="change-log-actor"
          label={t("changeLog.person")}
          allLabel={t("changeLog.allPeople")}
          value={filter.actorId}
          options={(choices.data?.actors ?? []).map((actor) => ({ value: actor.id, label: actor.email }))}
          onChange={(actorId) => setFilter((current) => ({ ...current, actorId }))}
        />
        <LogFilterSelect
          id="change-log-kind"
          label={t("changeLog.kind")}
          allLabel={t("changeLog.allKinds")}
          value={filter.kind}
          options={AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          onChange={(kind) => setFilter((current) => ({ ...current, kind: kind as AuditKind | undefined }))}
        />
      </div>
      {content}
    </div>
  );
}
