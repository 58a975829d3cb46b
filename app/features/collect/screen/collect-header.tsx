import { ArrowLeft, CloudOff, Loader2, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { RecordLocation } from "../hooks/use-record-location.ts";
import { RecordLocationStatus } from "./record-location-status.tsx";

interface CollectHeaderProps {
  name: string;
  description: string | null;
  online: boolean;
  /** null while the device's outbox is still being counted. */
  pending: number | null;
  syncing: boolean;
  editing: boolean;
  /** The version of the form on screen (the device's cached one while offline). */
  formVersion: number;
  /** The record's own location while the form is open. */
  location: RecordLocation | null;
}

/**
 * App name and description, the way back, whether records are waiting to be sent (spec 001 §2; the shell's badge
 * already says "online"), and where the record being collected is.
 */
export function CollectHeader({
  name,
  description,
  online,
  pending,
  syncing,
  editing,
  formVersion,
  location,
}: CollectHeaderProps) {
  const { t } = useTranslation(["collect", "form-versions"]);
  return (
    <header className="mb-4 flex items-start gap-3">
      <Button asChild variant="ghost" size="icon" className="-ml-2 size-11 shrink-0">
        <Link to="/" aria-label={t("header.back")}>
          <ArrowLeft className="!size-5" aria-hidden />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-semibold leading-tight break-words">{name}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground break-words">{description}</p> : null}
        <p className="mt-1 text-xs text-muted-foreground" data-testid="form-version">
          {t("form-versions:headerLine", { version: formVersion })}
        </p>
        <div
          className="mt-2 flex flex-wrap items-center gap-2"
          role="status"
          aria-live="polite"
          data-testid="sync-status"
        >
          {editing ? <Badge variant="secondary">{t("header.editing")}</Badge> : null}
          {online ? null : (
            <Badge variant="warning">
              <CloudOff aria-hidden />
              {t("header.offline")}
            </Badge>
          )}
          {syncing ? (
            <Badge variant="outline">
              <Loader2 className="animate-spin" aria-hidden />
              {t("header.syncing")}
            </Badge>
          ) : pending === null ? null : pending > 0 ? (
            <Badge variant="warning">
              <RefreshCw aria-hidden />
              {t("header.pending", { count: pending })}
            </Badge>
          ) : (
            <Badge variant="outline">{t("header.allSynced")}</Badge>
          )}
        </div>
        {location ? <RecordLocationStatus location={location} /> : null}
      </div>
    </header>
  );
}
