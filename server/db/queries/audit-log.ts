import { and, desc, eq, getTableColumns, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { applicationMembers, auditLog, teamMembers } from "../schema/index.ts";

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

export async function insertAuditEntries(db: Db, rows: NewAuditLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(auditLog).values(rows);
}

/** Whose entries a reader sees: everything (super admins), or what `visibleTo` returns. */
export type AuditReader = { kind: "all" } | { kind: "user"; userId: string };

/**
 * The entries a user reads: every entry about what they own (their applications, deleted ones too, and their
 * account's plan), and those of applications where they are an active administrator of another owner's team.
 * Collaborators get nothing from the applications they only collect for.
 */
function visibleTo(userId: string): SQL | undefined {
  const administered = sql`(
    select ${applicationMembers.applicationId} from ${applicationMembers}
    join ${teamMembers} on ${teamMembers.id} = ${applicationMembers.teamMemberId}
    where ${teamMembers.userId} = ${userId} and ${teamMembers.status} = 'active'
      and ${applicationMembers.role} in ('admin_creator', 'admin_invited')
  )`;
  return or(eq(auditLog.ownerId, userId), sql`${auditLog.applicationId} in ${administered}`);
}

function readerScope(reader: AuditReader): SQL | undefined {
  return reader.kind === "all" ? undefined : visibleTo(reader.userId);
}

export interface AuditLogFilter {
  applicationId?: string;
  actorId?: string;
  kind?: string;
  /** The last entry of the previous page: (occurredAt as its cursorAt text, id) descending. */
  after?: { key: string; id: string };
  limit: number;
}

/**
 * Newest first, keyset-paged. `cursorAt` is occurred_at as PostgreSQL's text: microseconds, which a JavaScript
 * Date would round away (and a cursor must not skip entries within the same millisecond).
 */
export async function listAuditEntries(
  db: Db,
  reader: AuditReader,
  filter: AuditLogFilter,
): Promise<(AuditLogRow & { cursorAt: string })[]> {
  const { after } = filter;
  return db
    .select({ ...getTableColumns(auditLog), cursorAt: sql<string>`${auditLog.occurredAt}::text` })
    .from(auditLog)
    .where(
      and(
        readerScope(reader),
        filter.applicationId ? eq(auditLog.applicationId, filter.applicationId) : undefined,
        filter.actorId ? eq(auditLog.actorUserId, filter.actorId) : undefined,
        filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
        after
          ? or(
              sql`${auditLog.occurredAt} < ${after.key}::timestamptz`,
              and(sql`${auditLog.occurredAt} = ${after.key}::timestamptz`, lt(auditLog.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(filter.limit);
}

const FILTER_CHOICES_MAX = 200;

/** The applications and the people named in the entries this reader sees (the page's filter choices). */
export async function listAuditFilterChoices(db: Db, reader: AuditReader) {
  const scope = readerScope(reader);
  const applications = await db
    .selectDistinctOn([auditLog.applicationId], { id: auditLog.applicationId, name: auditLog.applicationName })
    .from(auditLog)
    .where(and(scope, sql`${auditLog.applicationId} is not null`))
    .orderBy(auditLog.applicationId, desc(auditLog.occurredAt))
    .limit(FILTER_CHOICES_MAX);
  const actors = await db
    .selectDistinctOn([auditLog.actorUserId], { id: auditLog.actorUserId, email: auditLog.actorEmail })
    .from(auditLog)
    .where(and(scope, sql`${auditLog.actorUserId} is not null`))
    .orderBy(auditLog.actorUserId, desc(auditLog.occurredAt))
    .limit(FILTER_CHOICES_MAX);
  return { applications, actors };
}
