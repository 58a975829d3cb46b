import { and, asc, count, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../client.ts";
import { requireRow } from "../require-row.ts";
import { teamLayers } from "../schema/index.ts";
import type { LayerFeatureCollection } from "../../../shared/map/team-layer.ts";

export type TeamLayerRow = typeof teamLayers.$inferSelect;
export type NewTeamLayer = typeof teamLayers.$inferInsert;
/** A layer without its features: what the list answers. */
export type TeamLayerSummary = Omit<TeamLayerRow, "features">;

const { features: _features, ...summaryColumns } = getTableColumns(teamLayers);

export function listTeamLayers(db: Db, applicationId: string): Promise<TeamLayerSummary[]> {
  return db
    .select(summaryColumns)
    .from(teamLayers)
    .where(eq(teamLayers.applicationId, applicationId))
    .orderBy(asc(teamLayers.createdAt));
}

export async function countTeamLayers(db: Db, applicationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamLayers).where(eq(teamLayers.applicationId, applicationId));
  return row?.n ?? 0;
}

export async function insertTeamLayer(db: Db, layer: NewTeamLayer): Promise<TeamLayerSummary> {
  const [row] = await db.insert(teamLayers).values(layer).returning(summaryColumns);
  return requireRow(row, "insert team layer");
}

export async function findTeamLayerFeatures(
  db: Db,
  applicationId: string,
  id: string,
): Promise<LayerFeatureCollection | undefined> {
  const [row] = await db
    .select({ features: teamLayers.features })
    .from(teamLayers)
    .where(and(eq(teamLayers.applicationId, applicationId), eq(teamLayers.id, id)));
  return row?.features;
}

/** Undefined when the application has no such layer (the route answers 404). */
export async function updateTeamLayer(
  db: Db,
  applicationId: string,
  id: string,
  changes: { name?: string; color?: string },
): Promise<TeamLayerSummary | undefined> {
  const [row] = await db
    .update(teamLayers)
    .set(changes)
    .where(and(eq(teamLayers.applicationId, applicationId), eq(teamLayers.id, id)))
    .returning(summaryColumns);
  return row;
}

/** False when the application has no such layer. */
export async function deleteTeamLayer(db: Db, applicationId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(teamLayers)
    .where(and(eq(teamLayers.applicationId, applicationId), eq(teamLayers.id, id)))
    .returning({ id: teamLayers.id });
  return removed.length > 0;
}
