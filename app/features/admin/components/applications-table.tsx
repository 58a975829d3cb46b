import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import type { AdminApplication } from "../../../../shared/admin/admin-dtos.ts";
import { useAdminFormat } from "../hooks/use-admin-format.ts";
import { AdminTable, Td, Th } from "./admin-table.tsx";

/** Applications with their field and record counts and last record; `showOwner` for the all-applications list. */
export function ApplicationsTable({
  applications,
  showOwner,
  empty,
}: {
  applications: AdminApplication[];
  showOwner: boolean;
  empty: string;
}) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  return (
    <AdminTable
      empty={applications.length === 0 ? empty : undefined}
      head={
        <>
          <Th>{t("applications.name")}</Th>
          {showOwner ? <Th>{t("applications.owner")}</Th> : null}
          <Th className="text-right">{t("applications.fields")}</Th>
          <Th className="text-right">{t("applications.records")}</Th>
          <Th className="hidden sm:table-cell">{t("applications.lastRecord")}</Th>
        </>
      }
    >
      {applications.map((application) => (
        <tr key={application.id} data-testid="admin-application-row">
          <Td>
            <span className="font-medium">{application.name}</span>
            {application.active ? null : (
              <Badge variant="outline" className="ml-2">
                {t("applications.inactive")}
              </Badge>
            )}
          </Td>
          {showOwner ? (
            <Td>
              <p>{application.owner.name}</p>
              <p className="break-all text-xs text-muted-foreground">{application.owner.email}</p>
            </Td>
          ) : null}
          <Td className="text-right tabular-nums">{format.number(application.fieldCount)}</Td>
          <Td className="text-right tabular-nums">{format.number(application.recordCount)}</Td>
          <Td className="hidden whitespace-nowrap sm:table-cell">{format.dateTime(application.lastRecordAt)}</Td>
        </tr>
      ))}
    </AdminTable>
  );
}
