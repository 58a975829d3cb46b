import type { ReactNode } from "react";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FolderPlus } from "lucide-react";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import type { OverviewView } from "../../../../shared/records/overview.ts";

interface OverviewFrameProps {
  title: string;
  subtitle: string;
  view: UseQueryResult<OverviewView>;
  children(view: OverviewView): ReactNode;
}

/** /data's and /maps' heading, loading and error states, and the empty state of a user with no application yet. */
export function OverviewFrame({ title, subtitle, view, children }: OverviewFrameProps) {
  const { t } = useTranslation("data");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {isUnavailableOffline(view) ? (
        <OfflineUnavailable onRetry={() => view.refetch()} />
      ) : view.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : view.isError ? (
        <LoadFailed
          title={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => void view.refetch()}
          retrying={view.isFetching}
        />
      ) : view.data.applications.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center">
          <FolderPlus className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{t("overview.noApplications")}</p>
          <Button asChild>
            <Link to="/applications/new">{t("overview.createFirst")}</Link>
          </Button>
        </div>
      ) : (
        children(view.data)
      )}
    </div>
  );
}
