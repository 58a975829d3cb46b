import { AlertCircle, Loader2, LocateFixed, MapPin, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { formatCoordinate, type CapturedPosition, type GeolocationErrorKey } from "../logic/gps.ts";
import type { GpsState } from "../hooks/use-geolocation.ts";
import { AccuracyBadge } from "./accuracy-badge.tsx";

interface PositionViewProps {
  position: CapturedPosition | null;
  state: GpsState;
  error: GeolocationErrorKey | null;
  onCapture: () => void;
  captureLabel: string;
  describedBy?: string;
}

/** The captured coordinates (6 decimals) with their accuracy label, and the capture / retry button. */
export function PositionView({ position, state, error, onCapture, captureLabel, describedBy }: PositionViewProps) {
  const { t } = useTranslation("collect");
  const capturing = state === "capturing";
  return (
    <div className="flex flex-col gap-3">
      {position ? (
        <div className="flex items-start gap-3 rounded-md bg-muted p-3" data-testid="gps-position">
          <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 text-sm">
            <p className="font-mono tabular-nums">
              {formatCoordinate(position.latitude)}, {formatCoordinate(position.longitude)}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
              {t("gps.accuracy", { meters: Math.round(position.accuracy) })}
              <AccuracyBadge meters={position.accuracy} />
            </p>
          </div>
        </div>
      ) : null}
      <Button
        variant={position ? "outline" : "secondary"}
        size="lg"
        className="w-full"
        onClick={onCapture}
        disabled={capturing}
        aria-describedby={describedBy}
      >
        {capturing ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : position ? (
          <RefreshCw aria-hidden />
        ) : (
          <LocateFixed aria-hidden />
        )}
        {capturing ? t("gps.capturing") : position ? t("gps.recapture") : captureLabel}
      </Button>
      {error ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <AlertCircle className="size-4 shrink-0" aria-hidden />
          {t(`gps.error.${error}`)}
        </p>
      ) : null}
    </div>
  );
}
