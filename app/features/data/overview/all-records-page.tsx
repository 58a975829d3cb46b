import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { OverviewView } from "../../../../shared/records/overview.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { FilterBar } from "../filters/filter-bar.tsx";
import { ApplicationSelect } from "./application-select.tsx";
import { OverviewFrame } from "./overview-frame.tsx";
import { OverviewRecordsList } from "./overview-records-list.tsx";
import { useOverview } from "./use-overview.ts";

/**
 * /data — the records of every application the user reads, in one list, under the data page's rules and filter bar.
 * With one application chosen the bar offers that form's field filters, and its export (per application) is a link away.
 */
export default function AllRecordsPage() {
  const { t } = useTranslation("data");
  const overview = useOverview();
  return (
    <OverviewFrame title={t("overview.dataTitle")} subtitle={t("overview.dataSubtitle")} view={overview.view}>
      {(view) => <AllRecords view={view} overview={overview} />}
    </OverviewFrame>
  );
}

function AllRecords({ view, overview }: { view: OverviewView; overview: ReturnType<typeof useOverview> }) {
  const { t } = useTranslation("data");
  const { applicationId, search, setFilter, selectApplication, query } = overview;
  const application = view.applications.find((candidate) => candidate.id === applicationId);
  const single = useQuery({
    queryKey: dataKeys.view(applicationId ?? ""),
    queryFn: () => dataApi.view(applicationId ?? ""),
    enabled: applicationId !== null,
  });
  const filterView =
    applicationId && single.data
      ? single.data
      : {
          fields: [],
          submitters: view.submitters,
          capabilities: {
            canViewAllSubmissions: view.applications.some((candidate) => candidate.canViewAllSubmissions),
          },
        };
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ApplicationSelect applications={view.applications} value={applicationId} onChange={selectApplication} />
        {application && single.data?.capabilities.canExport && (
          <Button variant="outline" asChild>
            <Link to={`/applications/${application.id}/data${search.filterQuery ? `?${search.filterQuery}` : ""}`}>
              <Download aria-hidden /> {t("overview.exportIn", { name: application.name })}
            </Link>
          </Button>
        )}
      </div>
      <FilterBar key={applicationId ?? "all"} view={filterView} filter={search.filter} onChange={setFilter} />
      <OverviewRecordsList applications={view.applications} search={query} />
    </>
  );
}
