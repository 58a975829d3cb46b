import { useTranslation } from "react-i18next";
import { Pencil } from "lucide-react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import type { TeamMember } from "../../../shared/team/team-dtos.ts";

/** Name, e-mail, role per application and status; each row opens the member dialog. */
export function MembersTable({ members, onEdit }: { members: TeamMember[]; onEdit: (member: TeamMember) => void }) {
  const { t } = useTranslation("team");
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("members.name")}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              {t("members.email")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("members.roles")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("members.status")}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t("members.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {members.map((member) => (
            <tr key={member.id} data-testid="member-row">
              <td className="px-3 py-2 align-top">
                <p className="font-medium">{member.name}</p>
                <p className="break-all text-xs text-muted-foreground md:hidden">{member.email}</p>
              </td>
              <td className="hidden break-all px-3 py-2 align-top md:table-cell">{member.email}</td>
              <td className="px-3 py-2 align-top">
                {member.applications.length === 0 ? (
                  <span className="text-xs text-muted-foreground">{t("members.noApplications")}</span>
                ) : (
                  <ul className="flex flex-col gap-1">
                    {member.applications.map((entry) => (
                      <li key={entry.applicationId} className="text-xs">
                        <span className="font-medium">{entry.applicationName}</span>: {t(`common:roles.${entry.role}`)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="px-3 py-2 align-top">
                <Badge variant={member.status === "active" ? "success" : "secondary"}>
                  {t(`members.statuses.${member.status}`)}
                </Badge>
              </td>
              <td className="px-3 py-2 text-right align-top">
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  onClick={() => onEdit(member)}
                  aria-label={t("members.edit", { name: member.name })}
                >
                  <Pencil aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
