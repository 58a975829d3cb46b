import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { AdminTable, Td, Th } from "../components/admin-table.tsx";
import { PagedSection } from "../components/paged-section.tsx";
import { PlanBadge } from "../components/plan-badge.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminUsers } from "../hooks/use-admin-queries.ts";
import { useListParams } from "../hooks/use-list-params.ts";

/** /admin: every account, searched by name, e-mail or company, with plan, usage, creation and last sign-in. */
export default function UsersPage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const [params, setParams] = useListParams();
  const query = useAdminUsers(params);
  return (
    <PagedSection
      label={t("tabs.users")}
      searchLabel={t("users.searchLabel")}
      searchPlaceholder={t("users.searchPlaceholder")}
      query={query}
      params={params}
      setParams={setParams}
    >
      {(items) => (
        <AdminTable
          empty={items.length === 0 ? t("users.empty") : undefined}
          head={
            <>
              <Th>{t("users.name")}</Th>
              <Th className="hidden lg:table-cell">{t("users.company")}</Th>
              <Th>{t("users.plan")}</Th>
              <Th className="hidden md:table-cell">{t("users.usage")}</Th>
              <Th className="hidden sm:table-cell">{t("users.created")}</Th>
              <Th className="hidden sm:table-cell">{t("users.lastSignIn")}</Th>
            </>
          }
        >
          {items.map((user) => (
            <tr key={user.id} data-testid="admin-user-row">
              <Td>
                <Link
                  to={`/admin/users/${user.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={t("users.open", { name: user.name || user.email })}
                >
                  {user.name || user.email}
                </Link>
                <p className="break-all text-xs text-muted-foreground">{user.email}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {user.disabled ? <Badge variant="destructive">{t("users.disabled")}</Badge> : null}
                  {user.isSuperAdmin ? <Badge variant="secondary">{t("users.superAdmin")}</Badge> : null}
                  {user.emailVerified ? null : <Badge variant="outline">{t("users.unverified")}</Badge>}
                </div>
              </Td>
              <Td className="hidden lg:table-cell">{user.empresa || "—"}</Td>
              <Td>
                <PlanBadge plan={user.plan} />
              </Td>
              <Td className="hidden text-xs text-muted-foreground md:table-cell">
                {t("users.usageSummary", {
                  records: format.number(user.usage.records),
                  applications: format.number(user.usage.applications),
                  members: format.number(user.usage.members),
                  storage: format.storage(user.usage.storageBytes),
                })}
              </Td>
              <Td className="hidden whitespace-nowrap sm:table-cell">{format.date(user.createdAt)}</Td>
              <Td className="hidden whitespace-nowrap sm:table-cell">{format.dateTime(user.lastSignInAt)}</Td>
            </tr>
          ))}
        </AdminTable>
      )}
    </PagedSection>
  );
}
