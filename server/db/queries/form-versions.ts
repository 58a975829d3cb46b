import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { applications, formSubmissions, formVersions, users } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";
import { NON_QUESTION_TYPES_SQL } from "./form-fields.ts";

export type FormVersionRow = typeof formVersions.$inferSelect;
export type NewFormVersion = typeof formVersions.$inferInsert;

/** A version as the history lists it: who made it and how many fields it had, without the snapshot itself. */
export interface FormVersionSummaryRow {
  version: number;
  createdAt: Date;
  createdByName: string | null;
  fieldCount: number;
}

export async function applicationHasRecords(db: Db, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(eq(formSubmissions.applicationId, applicationId))
    .limit(1);
  return row !== undefined;
}

/** Writes a snapshot unless that version already has one (version 1 is written lazily, at most once). */
export async function insertFormVersionIfAbsent(db: Db, version: NewFormVersion): Promise<void> {
  await db.insert(formVersions).values(version).onConflictDoNothing();
}

/** Keeps the current version's snapshot equal to the live fields while the form has no records (no new version). */
export async function replaceFormVersionFields(
  db: Db,
  applicationId: string,
  version: number,
  fields: Record<string, unknown>[],
): Promise<void> {
  await db
    .update(formVersions)
    .set({ fields })
    .where(and(eq(formVersions.applicationId, applicationId), eq(formVersions.version, version)));
}

/** Raises the application's version by one and returns the new number (the caller holds the application's lock). */
export async function bumpFormVersion(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .update(applications)
    .set({ formVersion: sql`${applications.formVersion} + 1` })
    .where(eq(applications.id, applicationId))
    .returning({ formVersion: applications.formVersion });
  return requireRow(row, "bump form version").formVersion;
}

export async function findFormVersions(
  db: Db,
  applicationId: string,
  versions: readonly number[],
): Promise<FormVersionRow[]> {
  if (versions.length === 0) return [];
  return db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.applicationId, applicationId), inArray(formVersions.version, [...versions])));
}

/** Oldest first. */
export async function listFormVersionSummaries(db: Db, applicationId: string): Promise<FormVersionSummaryRow[]> {
  return db
    .select({
      version: formVersions.version,
      createdAt: formVersions.createdAt,
      createdByName: users.name,
      fieldCount: sql<number>`(select count(*)::int from jsonb_array_elements(${formVersions.fields}) f where f->>'fieldType' not in (${NON_QUESTION_TYPES_SQL}))`,
    })
    .from(formVersions)
    .leftJoin(users, eq(users.id, formVersions.createdBy))
    .where(eq(formVersions.applicationId, applicationId))
    .orderBy(asc(formVersions.version));
}
