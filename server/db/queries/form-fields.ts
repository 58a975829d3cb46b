import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { formFields, formSubmissions } from "../schema/index.ts";
import { NON_QUESTION_TYPES } from "../../../shared/fields/field-types.ts";

/** The types a count of questions leaves out, as an SQL list (`field_type not in (…)`). */
export const NON_QUESTION_TYPES_SQL = sql.join(
  NON_QUESTION_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

export type FieldRow = typeof formFields.$inferSelect;
export type NewField = typeof formFields.$inferInsert;
export type FieldChanges = Pick<
  NewField,
  "fieldType" | "label" | "name" | "parentName" | "position" | "category" | "config"
>;

/** The fields collectors see: not removed, in form order. */
export async function listLiveFields(db: Db, applicationId: string): Promise<FieldRow[]> {
  return db
    .select()
    .from(formFields)
    .where(and(eq(formFields.applicationId, applicationId), isNull(formFields.deletedAt)))
    .orderBy(asc(formFields.position), asc(formFields.createdAt));
}

export async function insertFields(db: Db, fields: NewField[]): Promise<FieldRow[]> {
  if (fields.length === 0) return [];
  return db.insert(formFields).values(fields).returning();
}

export async function updateField(db: Db, id: string, changes: FieldChanges): Promise<void> {
  await db
    .update(formFields)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(formFields.id, id));
}

/** Removal keeps the row: stored answers keyed by the field id stay readable. */
export async function softDeleteFields(db: Db, applicationId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date();
  await db
    .update(formFields)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(formFields.applicationId, applicationId), inArray(formFields.id, ids)));
}

/**
 * The ids among `fieldIds` that at least one record of the application has an answer for: at the top level, or in
 * an entry of a repeat (`answers[repeatId] = [{ [childId]: … }]`).
 */
export async function fieldsWithAnswers(db: Db, applicationId: string, fieldIds: string[]): Promise<string[]> {
  const answered: string[] = [];
  for (const fieldId of fieldIds) {
    const [row] = await db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.applicationId, applicationId),
          sql`(${formSubmissions.answers} ? ${fieldId} or exists (
            select 1 from jsonb_each(${formSubmissions.answers}) as answer(key, value),
              jsonb_array_elements(case when jsonb_typeof(answer.value) = 'array' then answer.value else '[]'::jsonb end)
              as entry(value)
            where jsonb_typeof(entry.value) = 'object' and entry.value ? ${fieldId}))`,
        ),
      )
      .limit(1);
    if (row) answered.push(fieldId);
  }
  return answered;
}

/** Fields by id within the given applications, removed ones included (the change log names the fields answers had). */
export async function findFieldsOfApplications(
  db: Db,
  applicationIds: readonly string[],
  fieldIds: readonly string[],
): Promise<FieldRow[]> {
  if (applicationIds.length === 0 || fieldIds.length === 0) return [];
  return db
    .select()
    .from(formFields)
    .where(and(inArray(formFields.applicationId, [...applicationIds]), inArray(formFields.id, [...fieldIds])));
}

/** One field of an application, removed or not (a device may still upload for a field of the form it cached). */
export async function findFieldOfApplication(
  db: Db,
  applicationId: string,
  fieldId: string,
): Promise<FieldRow | undefined> {
  const [row] = await db
    .select()
    .from(formFields)
    .where(and(eq(formFields.applicationId, applicationId), eq(formFields.id, fieldId)));
  return row;
}
