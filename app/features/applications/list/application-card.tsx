import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { UnavailableButton } from "../../../components/ui/unavailable-button.tsx";
import {
  ClipboardList,
  Database,
  Eraser,
  EllipsisVertical,
  Eye,
  FileSpreadsheet,
  Globe,
  Link2,
  Pencil,
  Trash2,
  Trees,
  Users,
  Webhook,
} from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import { cardActions } from "./application-roles.ts";
import { xlsFormExportPath } from "../api/xlsform-api.ts";

interface ApplicationCardProps {
  application: ApplicationSummary;
  onDelete: (application: ApplicationSummary) => void;
  onClearData: (application: ApplicationSummary) => void;
  /** Why this device does not collect (a computer's browser); null where collecting is offered. */
  collectUnavailableReason: string | null;
}

export function ApplicationCard({
  application,
  onDelete,
  onClearData,
  collectUnavailableReason,
}: ApplicationCardProps) {
  const { t } = useTranslation("applications");
  const { canEdit, canClearData, canDelete } = cardActions(application);
  const headingId = `app-${application.id}-name`;
  const dataPath = `/applications/${application.id}/data`;

  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3 p-5 pb-3">
        {application.imageUrl ? (
          <img src={application.imageUrl} alt="" className="size-11 shrink-0 rounded-lg border object-cover" />
        ) : (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            <ClipboardList className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-base font-semibold leading-tight" title={application.name}>
            {application.name}
          </h2>
          <p
            className={`mt-1 line-clamp-2 min-h-10 text-sm ${application.description ? "text-muted-foreground" : "italic text-muted-foreground/80"}`}
          >
            {application.description || t("card.noDescription")}
          </p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="-mr-2 -mt-1 size-8"
              aria-label={t("card.menu", { name: application.name })}
            >
              <EllipsisVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {canEdit ? (
              <DropdownMenuItem asChild>
                <Link to={`/applications/${application.id}/edit`}>
                  <Pencil aria-hidden />
                  {t("card.edit")}
                </Link>
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem asChild>
                <a href={xlsFormExportPath(application.id)} download>
                  <FileSpreadsheet aria-hidden />
                  {t("xlsform:export.menu")}
                </a>
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem asChild>
                <Link to={`/applications/${application.id}/public-links`}>
                  <Link2 aria-hidden />
                  {t("public-links:admin.open")}
                </Link>
              </DropdownMenuItem>
            ) : null}
            {canEdit ? (
              <DropdownMenuItem asChild>
                <Link to={`/applications/${application.id}/webhooks`}>
                  <Webhook aria-hidden />
                  {t("webhooks:open")}
                </Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem asChild>
              <Link to={`/applications/${application.id}/entities`}>
                <Trees aria-hidden />
                {t("entities:open")}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={dataPath} state={{ activeTab: "records" }}>
                <Eye aria-hidden />
                {t("card.viewData")}
              </Link>
            </DropdownMenuItem>
            {canClearData ? (
              <DropdownMenuItem onSelect={() => onClearData(application)}>
                <Eraser aria-hidden />
                {t("card.clearData")}
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem
                  onSelect={() => onDelete(application)}
                  className="text-destructive focus:bg-destructive/10 focus:text-destructive"
                >
                  <Trash2 aria-hidden />
                  {t("card.delete")}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <div className="flex flex-wrap gap-1.5 px-5">
        <Badge variant={application.active ? "success" : "secondary"}>
          {t(application.active ? "card.active" : "card.inactive")}
        </Badge>
        <Badge variant="outline">
          {application.visibility === "team" ? <Globe aria-hidden /> : <Users aria-hidden />}
          {t(`card.visibility.${application.visibility}`)}
        </Badge>
        <Badge variant="outline">{t(`common:roles.${application.role}`)}</Badge>
      </div>

      <dl className="mx-5 mt-4 grid grid-cols-2 divide-x rounded-md border bg-muted/40 text-center">
        <div className="px-2 py-2">
          <dt className="text-xs text-muted-foreground">{t("card.fieldsLabel")}</dt>
          <dd className="text-lg font-semibold" data-testid="fields-count">
            {application.fieldsCount}
          </dd>
        </div>
        <div className="px-2 py-2">
          <dt className="text-xs text-muted-foreground">
            {t(application.role === "collaborator" ? "card.ownRecordsLabel" : "card.recordsLabel")}
          </dt>
          <dd className="text-lg font-semibold" data-testid="records-count">
            {application.entriesCount}
          </dd>
        </div>
      </dl>

      <div className="mt-auto grid grid-cols-2 gap-2 p-5 pt-4">
        {collectUnavailableReason ? (
          <UnavailableButton size="sm" reason={collectUnavailableReason}>
            <ClipboardList aria-hidden />
            {t("card.collect")}
          </UnavailableButton>
        ) : (
          <Button asChild size="sm">
            <Link to={`/applications/${application.id}/collect`} state={{ activeTab: "form" }}>
              <ClipboardList aria-hidden />
              {t("card.collect")}
            </Link>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <Link to={dataPath} state={{ activeTab: "records" }}>
            <Database aria-hidden />
            {t("card.viewData")}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
