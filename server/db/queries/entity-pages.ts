import { and, asc, count, eq, gt, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { entities, entityVersions } from "../schema/index.ts";
import type { EntityRow } from "./entities.ts";
import { entitySearchKey } from "../../../shared/entities/entity-search.ts";
import type { EntityFilter } from "../../../shared/entities/entity-browse.ts";

/** Accented letters and their plain ones, so the search ignores accents in SQL as the phone's does in memory. */
const ACCENTED = "áàâãäåéèêëíìîïóòôõöúùûüçñýÿ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuucnyy";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The one WHERE of the entity page, its map and its exports. */
function entityWhere(listId: string, filter: EntityFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(entities.listId, listId)];
  const words = entitySearchKey(filter.q ?? "")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length > 0) {
    const values = sql`coalesce((select string_agg(value, ' ') from jsonb_each_text(${entities.properties})), '')`;
    const haystack = sql`translate(lower(${entities.label} || ' ' || ${values}), ${ACCENTED}, ${PLAIN})`;
    for (const word of words) conditions.push(sql`${haystack} like ${`%${escapeLike(word)}%`}`);
  }
  if (filter.conflict !== undefined) conditions.push(eq(entities.conflict, filter.conflict));
  if (filter.origin !== undefined)
    conditions.push(
      sql`exists (select 1 from ${entityVersions} where ${entityVersions.entityId} = ${entities.id} and ${entityVersions.version} = 1 and ${entityVersions.source} = ${filter.origin})`,
    );
  return and(...conditions);
}

/** One page of the list's entities by label, and how many match in all. */
export async function pageEntities(
  db: Db,
  listId: string,
  filter: EntityFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: EntityRow[]; total: number }> {
  const where = entityWhere(listId, filter);
  const rows = await db
    .select()
    .from(entities)
    .where(where)
    .orderBy(asc(entities.label), asc(entities.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(entities).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface EntityPlace {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  conflict: boolean;
}

/** The matching entities that have a place, at most `limit`. */
export async function listEntityPlaces(
  db: Db,
  listId: string,
  filter: EntityFilter,
  limit: number,
): Promise<EntityPlace[]> {
  const rows = await db
    .select({
      id: entities.id,
      label: entities.label,
      latitude: entities.latitude,
      longitude: entities.longitude,
      conflict: entities.conflict,
    })
    .from(entities)
    .where(and(entityWhere(listId, filter), isNotNull(entities.latitude), isNotNull(entities.longitude)))
    .orderBy(asc(entities.label), asc(entities.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.latitude === null || row.longitude === null
      ? []
      : [{ ...row, latitude: row.latitude, longitude: row.longitude }],
  );
}

/**
 * The matching entities a page at a time by id (keyset, so a long export reads each row once and holds one page
 * in memory).
 */
export async function* entityPagesById(
  db: Db,
  listId: string,
  filter: EntityFilter,
  pageSize = 1000,
): AsyncGenerator<EntityRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(entities)
      .where(and(entityWhere(listId, filter), after === undefined ? undefined : gt(entities.id, after)))
      .orderBy(asc(entities.id))
      .limit(pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id;
  }
}

const IDS_PER_QUERY = 5000;

/** The entities among `ids`, of any list (an upload's check of the ids it names). */
export async function findEntitiesByIds(db: Db, ids: readonly string[]): Promise<EntityRow[]> {
  const found: EntityRow[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY)
    found.push(
      ...(await db
        .select()
        .from(entities)
        .where(inArray(entities.id, ids.slice(start, start + IDS_PER_QUERY)))),
    );
  return found;
}
