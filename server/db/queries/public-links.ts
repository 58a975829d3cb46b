import { and, asc, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { formSubmissions, publicLinks } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";

export type PublicLinkRow = typeof publicLinks.$inferSelect;
export type NewPublicLink = typeof publicLinks.$inferInsert;
export type PublicLinkChanges = Partial<
  Pick<PublicLinkRow, "name" | "expiresAt" | "maxRecords" | "oneRecordPerDevice" | "pausedAt" | "revokedAt">
>;

/** A link with how many records it stored. */
export interface PublicLinkWithCount extends PublicLinkRow {
  recordsCount: number;
}

const recordsCount = sql<number>`(select count(*)::int from ${formSubmissions} s where s.public_link_id = ${publicLinks}.id)`;

export async function listPublicLinks(db: Db, applicationId: string): Promise<PublicLinkWithCount[]> {
  return db
    .select({ ...getTableColumns(publicLinks), recordsCount })
    .from(publicLinks)
    .where(eq(publicLinks.applicationId, applicationId))
    .orderBy(desc(publicLinks.createdAt), asc(publicLinks.id));
}

export async function findPublicLink(
  db: Db,
  applicationId: string,
  linkId: string,
): Promise<PublicLinkWithCount | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(publicLinks), recordsCount })
    .from(publicLinks)
    .where(and(eq(publicLinks.applicationId, applicationId), eq(publicLinks.id, linkId)));
  return row;
}

export async function findPublicLinkByToken(db: Db, token: string): Promise<PublicLinkRow | undefined> {
  const [row] = await db.select().from(publicLinks).where(eq(publicLinks.token, token));
  return row;
}

/** Locks the link for the rest of the transaction: its records are admitted one request after another. */
export async function lockPublicLink(db: Db, linkId: string): Promise<PublicLinkRow | undefined> {
  const [row] = await db.select().from(publicLinks).where(eq(publicLinks.id, linkId)).for("update");
  return row;
}

export async function insertPublicLink(db: Db, link: NewPublicLink): Promise<PublicLinkRow> {
  return requireRow((await db.insert(publicLinks).values(link).returning())[0], "insert public link");
}

export async function updatePublicLink(db: Db, linkId: string, changes: PublicLinkChanges): Promise<void> {
  await db
    .update(publicLinks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(publicLinks.id, linkId));
}

/** How many records the link stored, and how many of them came from this device. */
export async function countLinkRecords(
  db: Db,
  linkId: string,
  deviceId: string,
): Promise<{ total: number; fromDevice: number }> {
  const [row] = await db
    .select({
      total: count(),
      fromDevice: sql<number>`count(*) filter (where ${formSubmissions.publicLinkDevice} = ${deviceId})::int`,
    })
    .from(formSubmissions)
    .where(eq(formSubmissions.publicLinkId, linkId));
  return { total: Number(row?.total ?? 0), fromDevice: Number(row?.fromDevice ?? 0) };
}

export async function listLinkRecords(
  db: Db,
  linkId: string,
  page: { limit: number; offset: number },
): Promise<Pick<typeof formSubmissions.$inferSelect, "id" | "createdAt" | "clientCreatedAt" | "reviewState">[]> {
  return db
    .select({
      id: formSubmissions.id,
      createdAt: formSubmissions.createdAt,
      clientCreatedAt: formSubmissions.clientCreatedAt,
      reviewState: formSubmissions.reviewState,
    })
    .from(formSubmissions)
    .where(eq(formSubmissions.publicLinkId, linkId))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** An application's links by name, revoked ones too (their records stay): the data page's filter. */
export async function listPublicLinkNames(db: Db, applicationId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: publicLinks.id, name: publicLinks.name })
    .from(publicLinks)
    .where(eq(publicLinks.applicationId, applicationId))
    .orderBy(asc(publicLinks.name), asc(publicLinks.id));
}
