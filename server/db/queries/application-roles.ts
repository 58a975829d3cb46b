import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

/**
 * Spec 000 §6: an application admin owns at least one application, or is a team member (matched by linked user
 * id or by e-mail, case-insensitively) holding admin_creator or admin_invited in some application.
 */
export async function isApplicationAdmin(db: Db, user: { id: string; email: string }): Promise<boolean> {
  const [row] = await queryRows<{ admin: boolean }>(db, sql`
    select (
      exists (select 1 from applications where owner_id = ${user.id})
      or exists (
        select 1 from application_members am
        join team_members tm on tm.id = am.team_member_id
        where am.role in ('admin_creator', 'admin_invited')
          and (tm.user_id = ${user.id} or lower(tm.email) = lower(${user.email}))
      )
    ) as admin`);
  return Boolean(row?.admin);
}
