/** How a stored line or area reads in lists and the record detail: its kind and its measure. */
import { areaAnswerSchema, lineAnswerSchema, type AreaAnswer, type LineAnswer } from "./geometry-answer.ts";
import { formatArea, formatLength } from "./geometry-format.ts";
import { lineLengthMeters, polygonAreaSquareMeters } from "./geometry-measure.ts";

/** A stored value as a line or area, or null when it is neither. */
export function geometryAnswerOf(value: unknown): LineAnswer | AreaAnswer | null {
  const line = lineAnswerSchema.safeParse(value);
  if (line.success) return line.data;
  const area = areaAnswerSchema.safeParse(value);
  return area.success ? area.data : null;
}

/** "Linha · 1,2 km", "Área · 1,5 ha"; null when the value is no line or area. */
export function formatGeometryAnswer(
  value: unknown,
  locale: string,
  words: { line: string; area: string },
): string | null {
  const geometry = geometryAnswerOf(value);
  if (geometry === null) return null;
  return geometry.type === "LineString"
    ? `${words.line} · ${formatLength(lineLengthMeters(geometry), locale)}`
    : `${words.area} · ${formatArea(polygonAreaSquareMeters(geometry), locale)}`;
}
