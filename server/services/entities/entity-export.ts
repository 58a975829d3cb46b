/**
 * A list's entities as CSV, Excel or GeoJSON, streamed a page at a time through the record exports' writers. The
 * CSV's header is the one an upload reads (`name`, `label`, the properties, `__latitude`/`__longitude`), so an
 * exported list edited in a spreadsheet uploads back as changes to the same entities.
 */
import type { Db } from "../../db/client.ts";
import type { EntityListRow, EntityRow } from "../../db/queries/entities.ts";
import { entityPagesById } from "../../db/queries/entity-pages.ts";
import type { ExportColumn } from "../exports/export-columns.ts";
import { jsonValue } from "../exports/export-columns.ts";
import { contentDisposition, listedPages, textExportStream } from "../exports/export-stream.ts";
import { csvExport, featureCollectionExport, type TextExport } from "../exports/text-exports.ts";
import { xlsxExportStream } from "../exports/xlsx-export.ts";
import type { EntityExportFormat, EntityFilter } from "../../../shared/entities/entity-browse.ts";
import { ENTITY_LATITUDE_COLUMN, ENTITY_LONGITUDE_COLUMN } from "../../../shared/entities/entity-upload.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function entityColumns(list: EntityListRow): ExportColumn<EntityRow>[] {
  return [
    { header: "name", kind: "text", value: (entity) => entity.id },
    { header: "label", kind: "text", value: (entity) => entity.label },
    ...list.properties.map(({ name, type }): ExportColumn<EntityRow> => {
      if (type === "number")
        return { header: name, kind: "number", value: (entity) => entity.properties[name] ?? null };
      if (type === "date")
        return {
          header: name,
          kind: "date",
          value: (entity) => {
            const value = entity.properties[name];
            return typeof value === "string" && DATE_ONLY.test(value)
              ? { date: new Date(`${value}T00:00:00Z`) }
              : (value ?? null);
          },
        };
      return {
        header: name,
        kind: "text",
        value: (entity) => {
          const value = entity.properties[name];
          return value === undefined || value === null ? null : String(value);
        },
      };
    }),
    { header: ENTITY_LATITUDE_COLUMN, kind: "number", value: (entity) => entity.latitude },
    { header: ENTITY_LONGITUDE_COLUMN, kind: "number", value: (entity) => entity.longitude },
    { header: "__version", kind: "number", value: (entity) => entity.version },
    { header: "__conflict", kind: "text", value: (entity) => (entity.conflict ? "true" : "false") },
    { header: "__updatedAt", kind: "instant", value: (entity) => entity.updatedAt.toISOString() },
  ];
}

/** One Feature per entity, its id the entity's; an entity with no place has a null geometry (RFC 7946 §3.2). */
function entityGeojson(list: EntityListRow): TextExport<EntityRow> {
  return featureCollectionExport((entity) => {
    const properties: Record<string, unknown> = { label: entity.label };
    for (const { name } of list.properties) properties[name] = jsonValue(entity.properties[name] ?? null);
    properties["__version"] = entity.version;
    properties["__conflict"] = entity.conflict;
    properties["__updatedAt"] = entity.updatedAt.toISOString();
    const geometry =
      entity.latitude === null || entity.longitude === null
        ? null
        : { type: "Point", coordinates: [entity.longitude, entity.latitude] };
    return { id: entity.id, geometry, properties };
  });
}

const CONTENT_TYPES: Record<EntityExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  geojson: "application/geo+json; charset=utf-8",
};

/** The export's response: matching entities only, streamed as the client reads. */
export function entityExportResponse(
  db: Db,
  list: EntityListRow,
  filter: EntityFilter,
  format: EntityExportFormat,
  language: Language,
): Response {
  const pages = listedPages(entityPagesById(db, list.id, filter));
  const columns = entityColumns(list);
  const body =
    format === "xlsx"
      ? xlsxExportStream(pages, columns, [], language, list.name)
      : textExportStream(pages, format === "csv" ? csvExport(columns) : entityGeojson(list));
  return new Response(body, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": contentDisposition(list.name, format),
      "Cache-Control": "no-store",
    },
  });
}
