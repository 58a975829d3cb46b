import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useBaseMap } from "../../../components/map/use-base-map.ts";
import { GeometryMeasures } from "../../../components/map/geometry-measures.tsx";
import { verticesOf, type GeometryValue } from "../../../components/form-fill/logic/geometry-draft.ts";

const GeometryMap = lazy(() => import("../../../components/map/geometry-map.tsx"));

/** A line or area answer in the record detail: its length or area, over a small map of the shape. */
export function GeometryAnswer({ label, value }: { label: string; value: GeometryValue }) {
  const { t } = useTranslation("data");
  const baseMap = useBaseMap();
  const shape = useMemo(
    () => ({ kind: value.type === "Polygon" ? ("area" as const) : ("line" as const), vertices: verticesOf(value) }),
    [value],
  );
  const map = <Skeleton className="h-48 w-full" />;
  return (
    <div className="space-y-2" data-testid="geometry-answer">
      <GeometryMeasures value={value} />
      {baseMap ? (
        <Suspense fallback={map}>
          <GeometryMap
            baseMap={baseMap}
            label={t("detail.geometryMap", { label })}
            shape={shape}
            className="h-48 w-full overflow-hidden rounded-md border border-border"
          />
        </Suspense>
      ) : (
        map
      )}
    </div>
  );
}
