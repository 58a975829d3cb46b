import { useTranslation } from "react-i18next";
import { useGeolocation } from "../hooks/use-geolocation.ts";
import { isCapturedPosition } from "../logic/gps.ts";
import { groupAria, type WidgetProps } from "./widget-props.ts";
import { PositionView } from "./position-view.tsx";

/** A GPS answer; the form also uses it as the record's location. */
export function GpsWidget({ value, onChange, control }: WidgetProps<"gps">) {
  const { t } = useTranslation("collect");
  const { state, error, capture } = useGeolocation(onChange);
  const position = isCapturedPosition(value) ? value : null;
  return (
    <div role="group" {...groupAria(control)}>
      <PositionView
        position={position}
        state={position && state === "idle" ? "captured" : state}
        error={error}
        onCapture={capture}
        captureLabel={t("gps.capture")}
      />
    </div>
  );
}
