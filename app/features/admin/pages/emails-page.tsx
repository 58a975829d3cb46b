import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { AdminTable, Td, Th } from "../components/admin-table.tsx";
import { EmailStatusBadge } from "../components/email-status-badge.tsx";
import { PagedSection } from "../components/paged-section.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminEmails } from "../hooks/use-admin-queries.ts";
import { useListParams } from "../hooks/use-list-params.ts";

/** /admin/emails: every e-mail Campo wrote (email_outbox), newest first; without SMTP, the only place to read them. */
export default function EmailsPage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const [params, setParams] = useListParams();
  const query = useAdminEmails(params);
  return (
    <PagedSection
      label={t("tabs.emails")}
      searchLabel={t("outbox.searchLabel")}
      searchPlaceholder={t("outbox.searchPlaceholder")}
      query={query}
      params={params}
      setParams={setParams}
    >
      {(items) => (
        <AdminTable
          empty={items.length === 0 ? t("outbox.empty") : undefined}
          head={
            <>
              <Th>{t("outbox.subject")}</Th>
              <Th className="hidden md:table-cell">{t("outbox.to")}</Th>
              <Th>{t("outbox.status")}</Th>
              <Th className="hidden sm:table-cell">{t("outbox.date")}</Th>
            </>
          }
        >
          {items.map((email) => (
            <tr key={email.id} data-testid="admin-email-row">
              <Td>
                <Link
                  to={`/admin/emails/${email.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={t("outbox.open", { subject: email.subject })}
                >
                  {email.subject}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge variant="secondary">{email.kind}</Badge>
                </div>
                <p className="break-all text-xs text-muted-foreground md:hidden">{email.to}</p>
              </Td>
              <Td className="hidden break-all md:table-cell">{email.to}</Td>
              <Td>
                <EmailStatusBadge status={email.status} />
              </Td>
              <Td className="hidden whitespace-nowrap sm:table-cell">{format.dateTime(email.createdAt)}</Td>
            </tr>
          ))}
        </AdminTable>
      )}
    </PagedSection>
  );
}
