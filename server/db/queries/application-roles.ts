import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

/**
 * Spec 000 §6: an application admin owns at least one application, or is a team member (matched by linked user
 * id or by e-mail, case-insensitively) holding admin_creator or admin_invited in some application. A member-only
 * user belongs to other owners' applications and owns none (they may not manage billing).
 */
export async function loadGlobalRoleFacts(
  db: Db,
  user: { id: string; email: string },
): Promise<{ isApplicationAdmin: boolean; isMemberOnly: boolean }> {
  const [row] = await queryRows<{ owns: boolean; admin_member: boolean; member: boolean }>(
    db,
    sql`
    with memberships as (
      select am.role from application_members am
      join team_members tm on tm.id = am.team_member_id
      join applications a on a.id = am.application_id
      where (tm.user_id = ${user.id} or lower(tm.email) = lower(${user.email})) and a.owner_id <> ${user.id}
    )
    select
      exists (select 1 from applications where owner_id = ${user.id}) as owns,
      exists (select 1 from memberships where role in ('admin_creator', 'admin_invited')) as admin_member,
      exists (select 1 from memberships) as member`,
  );
  const owns = Boolean(row?.owns);
  return { isApplicationAdmin: owns || Boolean(row?.admin_member), isMemberOnly: !owns && Boolean(row?.member) };
}
