import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { profiles, sessions, userLimits, users } from "../schema/index.ts";

/** An instant as ISO 8601 text in UTC, for raw-SQL answers (PGlite and node-postgres then agree on the type). */
export const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  empresa: string | null;
  disabled_at: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  tier: string | null;
  status: string | null;
  provider: string | null;
  billing_cycle: "monthly" | "yearly" | null;
  cancel_at_period_end: boolean | null;
  current_period_end: string | null;
  is_custom_plan: boolean | null;
  records: number;
  applications: number;
  members: number;
  storage_bytes: string;
}

function userSearch(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = containsPattern(q);
  return sql`(u.name ilike ${pattern} or u.email ilike ${pattern} or p.empresa ilike ${pattern})`;
}

/**
 * One page of users with their plan, usage and last sign-in in a single statement: the page is chosen first (inner
 * query), so the per-user counts and sums run only for the rows shown, never once per user of the table.
 */
function userRows(where: SQL, limit: number, offset: number): SQL {
  return sql`
    select page.id, page.name, page.email, page.email_verified, page.empresa,
      ${isoText(sql`page.disabled_at`)} as disabled_at,
      ${isoText(sql`page.created_at`)} as created_at,
      ${isoText(sql`(select max(se.created_at) from sessions se where se.user_id = page.id)`)} as last_sign_in_at,
      s.tier, s.status, s.provider, s.billing_cycle, s.cancel_at_period_end, ${isoText(sql`s.current_period_end`)} as current_period_end,
      l.is_custom_plan,
      coalesce(ou.records_created, 0)::int as records,
      (select count(*) from applications a where a.owner_id = page.id)::int as applications,
      (select count(*) from team_members t where t.owner_id = page.id and t.status = 'active')::int as members,
      coalesce(ou.storage_bytes, 0)::text as storage_bytes
    from (
      select u.id, u.name, u.email, u.email_verified, u.created_at, p.empresa, p.disabled_at
      from users u left join profiles p on p.user_id = u.id
      where ${where}
      order by u.created_at desc, u.id
      limit ${limit} offset ${offset}
    ) page
    left join subscriptions s on s.user_id = page.id
    left join user_limits l on l.user_id = page.id
    left join owner_usage ou on ou.owner_id = page.id
    order by page.created_at desc, page.id`;
}

export async function listAdminUsers(
  db: Db,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = userSearch(q);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from users u left join profiles p on p.user_id = u.id where ${where}`,
  );
  const rows = await queryRows<AdminUserRow>(db, userRows(where, limit, offset));
  return { rows, total: count?.total ?? 0 };
}

export async function findAdminUser(db: Db, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await queryRows<AdminUserRow>(db, userRows(sql`u.id = ${userId}`, 1, 0));
  return row;
}

export type UserLimitsValues = Omit<typeof userLimits.$inferInsert, "userId" | "updatedAt">;

export async function upsertUserLimits(db: Db, userId: string, values: UserLimitsValues): Promise<void> {
  await db
    .insert(userLimits)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userLimits.userId, set: { ...values, updatedAt: new Date() } });
}

/**
 * Sets or clears profiles.disabled_at. An account opened from an invite has no profile until its owner opens the
 * profile page; it gets one here, made from the login account as loadProfile would (spec 000 §3), so a super admin
 * can disable any account. False when there is no such user.
 */
export async function setProfileDisabled(db: Db, userId: string, disabled: boolean): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`insert into profiles (user_id, name, email, disabled_at)
      select u.id, u.name, u.email, case when ${disabled}::boolean then now() end from users u where u.id = ${userId}
      on conflict (user_id) do update set disabled_at = excluded.disabled_at, updated_at = now()
      returning user_id`,
  );
  return rows.length > 0;
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Whether the account was disabled by a super admin: its sign-in and its sessions are refused. */
export async function isUserDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), sql`${profiles.disabledAt} is not null`));
  return row !== undefined;
}

export async function findUserForEmail(
  db: Db,
  userId: string,
): Promise<{ email: string; name: string; emailVerified: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
