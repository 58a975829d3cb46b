import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { requireRow } from "../require-row.ts";
import { offlineAreas } from "../schema/index.ts";

export type OfflineAreaRow = typeof offlineAreas.$inferSelect;
export type NewOfflineArea = typeof offlineAreas.$inferInsert;

export function listOfflineAreas(db: Db, applicationId: string): Promise<OfflineAreaRow[]> {
  return db
    .select()
    .from(offlineAreas)
    .where(eq(offlineAreas.applicationId, applicationId))
    .orderBy(asc(offlineAreas.createdAt));
}

export async function countOfflineAreas(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(offlineAreas)
    .where(eq(offlineAreas.applicationId, applicationId));
  return row?.total ?? 0;
}

export async function insertOfflineArea(db: Db, area: NewOfflineArea): Promise<OfflineAreaRow> {
  const [row] = await db.insert(offlineAreas).values(area).returning();
  return requireRow(row, "insert offline area");
}

/** False when the application has no such area (the route answers 404). */
export async function deleteOfflineArea(db: Db, applicationId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(offlineAreas)
    .where(and(eq(offlineAreas.applicationId, applicationId), eq(offlineAreas.id, id)))
    .returning({ id: offlineAreas.id });
  return removed.length > 0;
}
