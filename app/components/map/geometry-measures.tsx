import { useTranslation } from "react-i18next";
import { isGeometryValue, MIN_VERTICES, verticesOf } from "../form-fill/logic/geometry-draft.ts";
import {
  lineLengthMeters,
  polygonAreaSquareMeters,
  polygonPerimeterMeters,
} from "../../../shared/geo/geometry-measure.ts";
import { formatArea, formatLength } from "../../../shared/geo/geometry-format.ts";

/** A line's length, or an area's surface and perimeter, once there are enough vertices to have one (geodesic, turf). */
export function geometryMeasures(
  value: unknown,
  locale: string,
): { length?: string; area?: string; perimeter?: string } {
  if (!isGeometryValue(value)) return {};
  if (value.type === "LineString")
    return value.coordinates.length >= MIN_VERTICES.line
      ? { length: formatLength(lineLengthMeters(value), locale) }
      : {};
  if (verticesOf(value).length < MIN_VERTICES.area) return {};
  return {
    area: formatArea(polygonAreaSquareMeters(value), locale),
    perimeter: formatLength(polygonPerimeterMeters(value), locale),
  };
}

/** The live measures of a line or area, announced politely as vertices come and go. */
export function GeometryMeasures({ value }: { value: unknown }) {
  const { t, i18n } = useTranslation("common");
  const measures = geometryMeasures(value, i18n.language);
  return (
    <p
      aria-live="polite"
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium"
      data-testid="geometry-measures"
    >
      {measures.length && <span data-testid="geometry-length">{t("geometry.length", { value: measures.length })}</span>}
      {measures.area && <span data-testid="geometry-area">{t("geometry.area", { value: measures.area })}</span>}
      {measures.perimeter && <span>{t("geometry.perimeter", { value: measures.perimeter })}</span>}
    </p>
  );
}
