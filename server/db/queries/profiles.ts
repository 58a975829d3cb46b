import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { profiles } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;

export async function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

export async function findLocale(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.userId, userId));
  return row?.locale;
}

export async function insertProfile(db: Db, profile: NewProfile): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(profile).returning();
  return requireRow(row, "insert profile");
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<NewProfile>,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
}
