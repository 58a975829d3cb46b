import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { requireRow } from "../require-row.ts";
import { formFiles } from "../schema/index.ts";
import type { FormTableData } from "../../../shared/expressions/form-table.ts";

export type FormFileRow = typeof formFiles.$inferSelect;
export type NewFormFile = typeof formFiles.$inferInsert;
/** A file as lists show it: everything but a table's rows. */
export type FormFileSummary = Omit<FormFileRow, "tableData">;

const { tableData: _rows, ...summaryColumns } = getTableColumns(formFiles);

/** What reading a version's tables needs of each of its files. */
export type VersionFile = Pick<FormFileSummary, "id" | "name" | "kind">;

/** The files a form version was published with (see the table's comment), by name. */
export async function listVersionFiles(db: Db, applicationId: string, version: number): Promise<FormFileSummary[]> {
  return versionFiles(db).execute({ applicationId, version });
}

// Prepared: every sync batch reads it (prepared-query.ts).
const versionFiles = preparedPerDb((db) => {
  const version = sql.placeholder("version");
  return db
    .select(summaryColumns)
    .from(formFiles)
    .where(
      and(
        eq(formFiles.applicationId, sql.placeholder("applicationId")),
        lte(formFiles.fromVersion, version),
        or(isNull(formFiles.toVersion), gt(formFiles.toVersion, version)),
      ),
    )
    .orderBy(asc(sql`lower(${formFiles.name})`))
    .prepare("campo_version_files");
});

export async function findFormFile(db: Db, applicationId: string, id: string): Promise<FormFileSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(formFiles)
    .where(and(eq(formFiles.applicationId, applicationId), eq(formFiles.id, id)));
  return row;
}

export async function findCurrentFormFile(
  db: Db,
  applicationId: string,
  name: string,
): Promise<FormFileSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(formFiles)
    .where(
      and(
        eq(formFiles.applicationId, applicationId),
        isNull(formFiles.toVersion),
        eq(sql`lower(${formFiles.name})`, name.toLowerCase()),
      ),
    );
  return row;
}

/** The parsed rows of tables, by file id. */
export async function findTableData(db: Db, ids: readonly string[]): Promise<Map<string, FormTableData>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: formFiles.id, tableData: formFiles.tableData })
    .from(formFiles)
    .where(inArray(formFiles.id, [...ids]));
  return new Map(rows.flatMap((row) => (row.tableData ? [[row.id, row.tableData] as const] : [])));
}

export async function countCurrentFormFiles(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(formFiles)
    .where(and(eq(formFiles.applicationId, applicationId), isNull(formFiles.toVersion)));
  return row?.count ?? 0;
}

export async function insertFormFile(db: Db, file: NewFormFile): Promise<FormFileSummary> {
  const [row] = await db.insert(formFiles).values(file).returning(summaryColumns);
  return requireRow(row, "insert form file");
}

/** The file stops serving at `version` (older versions keep it). */
export async function closeFormFile(db: Db, id: string, version: number): Promise<void> {
  await db.update(formFiles).set({ toVersion: version }).where(eq(formFiles.id, id));
}

/** A file no version ever served (replaced before any record): gone with its row. */
export async function deleteFormFile(db: Db, id: string): Promise<void> {
  await db.delete(formFiles).where(eq(formFiles.id, id));
}
