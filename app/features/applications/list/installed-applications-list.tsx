import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ClipboardList, Database, Plus, Rocket, WifiOff } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import { installedRoleKey } from "./application-roles.ts";

/** What a card needs: the server's list online, or an application kept on the device (no record count) offline. */
export type ListedApplication = Pick<ApplicationSummary, "id" | "name" | "description" | "role" | "fieldsCount"> &
  Partial<Pick<ApplicationSummary, "entriesCount">>;

interface InstalledApplicationsListProps {
  applications: ListedApplication[];
  online: boolean;
  onCreate: () => void;
}

/** The home list of the installed phone app (spec 000 §2): collecting first, designing happens on a computer. */
export function InstalledApplicationsList({ applications, online, onCreate }: InstalledApplicationsListProps) {
  const { t } = useTranslation("applications");
  return (
    <div className="flex flex-col gap-3">
      {online ? null : (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
        >
          <WifiOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {t("installed.offlineNotice")}
        </p>
      )}
      {applications.map((application) => (
        <Card
          key={application.id}
          role="article"
          aria-labelledby={`installed-${application.id}`}
          className="flex flex-col gap-3 p-4"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id={`installed-${application.id}`} className="truncate font-semibold">
                {application.name}
              </h2>
              <p className="line-clamp-2 text-sm text-muted-foreground">
                {application.description || t("card.noDescription")}
              </p>
            </div>
            <Badge variant="outline" className="shrink-0">
              {t(installedRoleKey(application.role))}
            </Badge>
          </div>
          <div className="flex gap-4 text-sm text-muted-foreground">
            <span>{t("installed.fields", { count: application.fieldsCount })}</span>
            {online && application.entriesCount !== undefined ? (
              <span>
                {t(application.role === "collaborator" ? "installed.mySubmissions" : "installed.records", {
                  count: application.entriesCount,
                })}
              </span>
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button asChild>
              <Link to={`/applications/${application.id}/collect`} state={{ activeTab: "form" }}>
                <ClipboardList aria-hidden />
                {t("card.collect")}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/applications/${application.id}/data`} state={{ activeTab: "records" }}>
                <Database aria-hidden />
                {t("card.viewData")}
              </Link>
            </Button>
          </div>
        </Card>
      ))}
      {online ? (
        <Card className="flex flex-col items-center gap-2 border-dashed p-6 text-center shadow-none">
          <Plus className="size-6 text-primary" aria-hidden />
          <h2 className="font-semibold">{t("installed.createTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("installed.createText")}</p>
          <Button variant="outline" onClick={onCreate}>
            <Rocket aria-hidden />
            {t("installed.start")}
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
