import { useTranslation } from "react-i18next";
import { ListToolbar } from "../components/list-toolbar.tsx";
import { Pager } from "../components/pager.tsx";
import { QueryState } from "../components/query-state.tsx";
import { ApplicationsTable } from "../components/applications-table.tsx";
import { useAdminApplications } from "../hooks/use-admin-queries.ts";
import { useListParams } from "../hooks/use-list-params.ts";

/** /admin/applications: every application with its owner, field and record counts and last record. */
export default function ApplicationsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useListParams();
  const query = useAdminApplications(params);
  return (
    <section className="flex flex-col gap-4" aria-label={t("tabs.applications")}>
      <ListToolbar
        query={params.q}
        label={t("applications.searchLabel")}
        placeholder={t("applications.searchPlaceholder")}
        onSearch={(q) => setParams({ q, page: 1 })}
      />
      <QueryState query={query}>
        {(data) => (
          <>
            <ApplicationsTable applications={data.items} showOwner empty={t("applications.empty")} />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => setParams({ page })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
