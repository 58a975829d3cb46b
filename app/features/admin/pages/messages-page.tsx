import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { MESSAGE_STATUSES, type MessageStatus } from "../../../../shared/admin/admin-schemas.ts";
import { AdminTable, Td, Th } from "../components/admin-table.tsx";
import { MessageStatusBadge } from "../components/message-status-badge.tsx";
import { PagedSection } from "../components/paged-section.tsx";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { useAdminMessages } from "../hooks/use-admin-queries.ts";
import { useListParams } from "../hooks/use-list-params.ts";

const ALL = "all";

/** /admin/messages: the contact and support inbox, newest first, filtered by status. */
export default function MessagesPage() {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const [params, setParams] = useListParams();
  const query = useAdminMessages(params);
  return (
    <PagedSection
      label={t("tabs.messages")}
      searchLabel={t("messages.searchLabel")}
      searchPlaceholder={t("messages.searchPlaceholder")}
      query={query}
      params={params}
      setParams={setParams}
      filters={
        <Select
          value={params.status ?? ALL}
          onValueChange={(value) =>
            setParams({ status: value === ALL ? undefined : (value as MessageStatus), page: 1 })
          }
        >
          <SelectTrigger className="sm:w-44" aria-label={t("messages.statusFilter")}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("messages.all")}</SelectItem>
            {MESSAGE_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`messages.statuses.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      }
    >
      {(items) => (
        <AdminTable
          empty={items.length === 0 ? t("messages.empty") : undefined}
          head={
            <>
              <Th>{t("messages.subject")}</Th>
              <Th className="hidden md:table-cell">{t("messages.from")}</Th>
              <Th>{t("messages.statusFilter")}</Th>
              <Th className="hidden sm:table-cell">{t("messages.received")}</Th>
            </>
          }
        >
          {items.map((message) => (
            <tr key={`${message.kind}-${message.id}`} data-testid="admin-message-row">
              <Td>
                <Link
                  to={`/admin/messages/${message.kind}/${message.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  aria-label={t("messages.open", { subject: message.subject })}
                >
                  {message.subject}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge variant="secondary">{t(`messages.kinds.${message.kind}`)}</Badge>
                </div>
                <p className="break-all text-xs text-muted-foreground md:hidden">{message.email}</p>
              </Td>
              <Td className="hidden md:table-cell">
                <p>{message.fullName}</p>
                <p className="break-all text-xs text-muted-foreground">{message.email}</p>
              </Td>
              <Td>
                <MessageStatusBadge status={message.status} />
              </Td>
              <Td className="hidden whitespace-nowrap sm:table-cell">{format.dateTime(message.createdAt)}</Td>
            </tr>
          ))}
        </AdminTable>
      )}
    </PagedSection>
  );
}
