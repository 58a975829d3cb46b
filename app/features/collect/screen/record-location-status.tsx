import { useState } from "react";
import { AlertCircle, Loader2, Map as MapIcon, MapPin, MapPinOff, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { formatCoordinate } from "../../../components/form-fill/logic/gps.ts";
import type { RecordLocation } from "../hooks/use-record-location.ts";
import { AccuracyBadge } from "../../../components/form-fill/widgets/accuracy-badge.tsx";
import { CollectMap } from "./collect-map.tsx";

/**
 * The record's own location in the collect header: the fix with its accuracy class, the capture under way, or why
 * there is none (the record is then saved without one), a button for a fresh fix, and the collect map on demand.
 */
export function RecordLocationStatus({ location }: { location: RecordLocation }) {
  const { t } = useTranslation("collect");
  const { position, state, error } = location;
  const capturing = state === "capturing";
  const [mapOpen, setMapOpen] = useState(false);
  return (
    <>
      <div
        className="mt-2 flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm"
        role="group"
        aria-label={t("gps.recordLocation")}
        data-testid="record-location"
      >
        <div className="min-w-0 flex-1" aria-live="polite">
          {position ? (
            <>
              <p className="flex items-center gap-2">
                <MapPin className="size-4 shrink-0 text-primary" aria-hidden />
                <span className="font-mono tabular-nums break-all">
                  {formatCoordinate(position.latitude)}, {formatCoordinate(position.longitude)}
                </span>
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
                {t("gps.accuracy", { meters: Math.round(position.accuracy) })}
                <AccuracyBadge meters={position.accuracy} />
              </p>
            </>
          ) : capturing ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
              {t("gps.capturing")}
            </p>
          ) : error ? (
            <p className="flex items-start gap-2 text-destructive" role="alert">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {t(`gps.error.${error}`)} {t("gps.savedWithoutLocation")}
              </span>
            </p>
          ) : (
            <p className="flex items-center gap-2 text-muted-foreground">
              <MapPinOff className="size-4 shrink-0" aria-hidden />
              {t("gps.noRecordLocation")}
            </p>
          )}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1 size-10 shrink-0"
          onClick={location.refresh}
          disabled={capturing}
          aria-label={t("gps.refreshRecord")}
        >
          {capturing ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        </Button>
        <Button
          type="button"
          variant={mapOpen ? "secondary" : "ghost"}
          size="icon"
          className="-my-1 size-10 shrink-0"
          onClick={() => setMapOpen((open) => !open)}
          aria-expanded={mapOpen}
          aria-label={t("collectMap.toggle")}
        >
          <MapIcon aria-hidden />
        </Button>
      </div>
      {mapOpen && <CollectMap recordPosition={position} />}
    </>
  );
}
