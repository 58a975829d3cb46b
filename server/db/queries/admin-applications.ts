import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { NON_QUESTION_TYPES_SQL } from "./form-fields.ts";
import { containsPattern, isoText } from "./admin-users.ts";

export interface AdminApplicationRow {
  id: string;
  name: string;
  active: boolean;
  owner_id: string;
  owner_name: string;
  owner_email: string;
  field_count: number;
  record_count: number;
  last_record_at: string | null;
  created_at: string;
}

/** The page is chosen first; counts and the newest record (form_submissions_app_created_idx) run only for its rows. */
function applicationRows(where: SQL, limit: number, offset: number): SQL {
  return sql`
    select page.id, page.name, page.active, page.owner_id, page.owner_name, page.owner_email,
      ${isoText(sql`page.created_at`)} as created_at,
      (select count(*) from form_fields f where f.application_id = page.id and f.deleted_at is null
        and f.field_type not in (${NON_QUESTION_TYPES_SQL}))::int as field_count,
      (select count(*) from form_submissions s where s.application_id = page.id)::int as record_count,
      ${isoText(sql`(select max(s.created_at) from form_submissions s where s.application_id = page.id)`)} as last_record_at
    from (
      select a.id, a.name, a.active, a.created_at, a.owner_id, u.name as owner_name, u.email as owner_email
      from applications a join users u on u.id = a.owner_id
      where ${where}
      order by a.created_at desc, a.id
      limit ${limit} offset ${offset}
    ) page
    order by page.created_at desc, page.id`;
}

function applicationSearch(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = containsPattern(q);
  return sql`(a.name ilike ${pattern} or u.name ilike ${pattern} or u.email ilike ${pattern})`;
}

export async function listAdminApplications(
  db: Db,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: AdminApplicationRow[]; total: number }> {
  const where = applicationSearch(q);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from applications a join users u on u.id = a.owner_id where ${where}`,
  );
  const rows = await queryRows<AdminApplicationRow>(db, applicationRows(where, limit, offset));
  return { rows, total: count?.total ?? 0 };
}

/** Every application one user owns (a user's page); owners have a handful, so no paging. */
export async function listOwnerApplicationsForAdmin(db: Db, ownerId: string): Promise<AdminApplicationRow[]> {
  return queryRows<AdminApplicationRow>(db, applicationRows(sql`a.owner_id = ${ownerId}`, 1000, 0));
}
