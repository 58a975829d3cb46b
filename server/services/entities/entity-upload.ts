import type { Db } from "../../db/client.ts";
import type { EntityListRow } from "../../db/queries/entities.ts";
import { findEntitiesByIds } from "../../db/queries/entity-pages.ts";
import { ApiError } from "../../lib/api-error.ts";
import { CsvUnreadable, readCsvRows } from "../../lib/csv-rows.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import type { EntityPoint, EntityValues } from "../../../shared/entities/entity-schemas.ts";
import {
  ENTITY_ID_COLUMNS,
  ENTITY_LATITUDE_COLUMN,
  ENTITY_LONGITUDE_COLUMN,
  ENTITY_UPLOAD_MAX_ROWS,
  type EntityRowError,
  type EntityUploadResultDto,
} from "../../../shared/entities/entity-upload.ts";
import { entityValueFromText, labelFromText } from "./entity-values.ts";
import { notifyEntityChanges } from "./entity-webhooks.ts";
import { writeEntities, type EntityWrite, type WriteContext } from "./write-entities.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function unreadable(reason: string, column?: string): ApiError {
  return new ApiError("ENTITY_UPLOAD_UNREADABLE", `The entities CSV cannot be read: ${reason}`, {
    reason,
    ...(column === undefined ? {} : { column }),
  });
}

/** Where each meaningful column is; other `__` columns (an export's version, conflict, date) are skipped. */
interface Layout {
  id?: number;
  label?: number;
  latitude?: number;
  longitude?: number;
  properties: { index: number; name: string; type: EntityListRow["properties"][number]["type"] }[];
}

function layoutOf(header: readonly string[], list: EntityListRow): Layout {
  const layout: Layout = { properties: [] };
  const typeOf = new Map(list.properties.map((property) => [property.name, property.type]));
  const seen = new Set<string>();
  header.forEach((column, index) => {
    const key = column.toLowerCase();
    if (column === "" || seen.has(key)) throw unreadable("repeatedColumn", column);
    seen.add(key);
    const type = typeOf.get(column);
    if (key === "label") layout.label = index;
    else if ((ENTITY_ID_COLUMNS as readonly string[]).includes(key)) {
      if (layout.id !== undefined) throw unreadable("repeatedColumn", column);
      layout.id = index;
    } else if (key === ENTITY_LATITUDE_COLUMN) layout.latitude = index;
    else if (key === ENTITY_LONGITUDE_COLUMN) layout.longitude = index;
    else if (type) layout.properties.push({ index, name: column, type });
    else if (!key.startsWith("__")) throw unreadable("unknownColumn", column);
  });
  if (layout.label === undefined && layout.id === undefined) throw unreadable("labelColumnMissing");
  if ((layout.latitude === undefined) !== (layout.longitude === undefined))
    throw unreadable(
      "placeColumnMissing",
      layout.latitude === undefined ? ENTITY_LATITUDE_COLUMN : ENTITY_LONGITUDE_COLUMN,
    );
  return layout;
}

/** What one row says, before the ids are looked up. */
interface RowDraft {
  row: number;
  id: string | undefined;
  label: string | undefined;
  properties: EntityValues;
  location: EntityPoint | undefined;
}

function placeOf(latitude: string, longitude: string): EntityPoint | undefined | null {
  if (latitude === "" && longitude === "") return undefined;
  const point = { latitude: Number(latitude.replace(",", ".")), longitude: Number(longitude.replace(",", ".")) };
  const fits =
    latitude !== "" &&
    longitude !== "" &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180 &&
    Number.isFinite(point.latitude + point.longitude);
  return fits ? point : null;
}

function draftOf(cells: readonly string[], row: number, layout: Layout): RowDraft | EntityRowError {
  const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));
  const idText = cell(layout.id);
  if (idText !== "" && !UUID.test(idText)) return { row, code: "idInvalid", column: "name" };
  let label: string | undefined;
  if (cell(layout.label) !== "") {
    const parsed = labelFromText(cell(layout.label));
    if (!parsed.ok) return { row, code: parsed.code, column: "label" };
    label = parsed.value;
  }
  const properties: EntityValues = {};
  for (const property of layout.properties) {
    const parsed = entityValueFromText(property.type, cell(property.index));
    if (!parsed.ok) return { row, code: parsed.code, column: property.name };
    if (parsed.value !== null) properties[property.name] = parsed.value;
  }
  const location = placeOf(cell(layout.latitude), cell(layout.longitude));
  if (location === null) return { row, code: "placeInvalid", column: ENTITY_LATITUDE_COLUMN };
  return { row, id: idText === "" ? undefined : idText.toLowerCase(), label, properties, location };
}

/**
 * A CSV of entities for the application's list: the header names `label`, the list's properties and optionally
 * `name` (ODK's entity id; also `uuid` or `__id`) and `__latitude`/`__longitude`. A row whose id is an entity of
 * the list updates it (empty cells keep their values); any other row creates an entity (under its id when it has
 * one, so re-uploading an export changes, not duplicates). A bad row is reported by its line and left out; the
 * good rows are stored together, with their webhooks.
 */
export async function uploadEntities(
  db: Db,
  webhooks: WebhookEmitter,
  context: Omit<WriteContext, "source" | "listId"> & { list: EntityListRow },
  bytes: Uint8Array,
): Promise<EntityUploadResultDto> {
  let rows: string[][];
  try {
    rows = readCsvRows(bytes, ENTITY_UPLOAD_MAX_ROWS).rows;
  } catch (error) {
    throw unreadable(error instanceof CsvUnreadable ? error.message : "invalid CSV");
  }
  const [header, ...body] = rows;
  if (!header) throw unreadable("empty");
  if (body.length > ENTITY_UPLOAD_MAX_ROWS)
    throw new ApiError("ENTITY_UPLOAD_TOO_MANY_ROWS", `More than ${ENTITY_UPLOAD_MAX_ROWS} rows`, {
      max: ENTITY_UPLOAD_MAX_ROWS,
    });
  const layout = layoutOf(header, context.list);
  const errors: EntityRowError[] = [];
  const drafts: RowDraft[] = [];
  const idsSeen = new Set<string>();
  body.forEach((cells, index) => {
    // Lines are counted from the header (line 1); skipped empty lines are rare enough not to renumber for.
    const draft = draftOf(cells, index + 2, layout);
    if ("code" in draft) errors.push(draft);
    else if (draft.id !== undefined && idsSeen.has(draft.id))
      errors.push({ row: draft.row, code: "idRepeated", column: "name" });
    else {
      if (draft.id !== undefined) idsSeen.add(draft.id);
      drafts.push(draft);
    }
  });

  const listOf = new Map((await findEntitiesByIds(db, [...idsSeen])).map((entity) => [entity.id, entity.listId]));
  const writes: EntityWrite[] = [];
  for (const draft of drafts) {
    const owner = draft.id === undefined ? undefined : listOf.get(draft.id);
    if (owner !== undefined && owner !== context.list.id) {
      errors.push({ row: draft.row, code: "idOfAnotherList", column: "name" });
      continue;
    }
    if (owner !== undefined && draft.id !== undefined) {
      writes.push({
        kind: "update",
        id: draft.id,
        label: draft.label,
        properties: draft.properties,
        location: draft.location,
      });
      continue;
    }
    if (draft.label === undefined) {
      errors.push({ row: draft.row, code: "labelRequired", column: "label" });
      continue;
    }
    writes.push({
      kind: "create",
      id: draft.id ?? crypto.randomUUID(),
      label: draft.label,
      properties: draft.properties,
      location: draft.location ?? null,
    });
  }
  const applied = await db.transaction(async (tx) => {
    const done = await writeEntities(
      tx,
      { listId: context.list.id, applicationId: context.applicationId, actorId: context.actorId, source: "upload" },
      writes,
    );
    await notifyEntityChanges(tx, webhooks, done);
    return done;
  });
  errors.sort((a, b) => a.row - b.row);
  const updates = writes.filter((write) => write.kind === "update").length;
  return {
    created: applied.created.length,
    updated: applied.updated.length,
    unchanged: updates - applied.updated.length,
    errors,
  };
}
