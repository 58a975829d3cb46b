import { useTranslation } from "react-i18next";
import { ApplicationsTable } from "../components/applications-table.tsx";
import { PagedSection } from "../components/paged-section.tsx";
import { useAdminApplications } from "../hooks/use-admin-queries.ts";
import { useListParams } from "../hooks/use-list-params.ts";

/** /admin/applications: every application with its owner, field and record counts and last record. */
export default function ApplicationsPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useListParams();
  const query = useAdminApplications(params);
  return (
    <PagedSection
      label={t("tabs.applications")}
      searchLabel={t("applications.searchLabel")}
      searchPlaceholder={t("applications.searchPlaceholder")}
      query={query}
      params={params}
      setParams={setParams}
    >
      {(items) => <ApplicationsTable applications={items} showOwner empty={t("applications.empty")} />}
    </PagedSection>
  );
}
