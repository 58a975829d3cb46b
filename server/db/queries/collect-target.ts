import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { applications, formFields } from "../schema/index.ts";
import type { ApplicationRow } from "./applications.ts";
import { memberRoles } from "./memberships.ts";
import { endpointListening } from "./webhooks.ts";

/** A field as record validation reads it; `removed` fields keep their answers unchecked. */
export interface CollectFieldRow {
  id: string;
  fieldType: string;
  config: unknown;
  name: string;
  parentName: string | null;
  label: string;
  removed: boolean;
}

export interface CollectTargetRow {
  application: ApplicationRow;
  roles: string[];
  /** Live and removed fields, in form order. */
  fields: CollectFieldRow[];
  /** An enabled webhook endpoint listens to record.created (the insert then needs a transaction). */
  notifiesCreated: boolean;
}

/**
 * Everything sync needs of an application in one round trip (a batch asks it per application, and every query is
 * one more wait on the database): the application, the user's roles for the access policy, its fields and whether
 * a webhook listens to new records.
 */
export async function findCollectTarget(db: Db, id: string, userId: string): Promise<CollectTargetRow | undefined> {
  const [row] = await collectTarget(db).execute({ id, userId });
  return row;
}

// Prepared once per connection handle (prepared-query.ts): every sync batch asks it.
const collectTarget = preparedPerDb((db) => {
  // Qualified by hand: drizzle leaves the columns of a one-table query unqualified, and `id` would be the field's.
  const applicationId = sql`${applications}.id`;
  const fields = sql<CollectFieldRow[]>`coalesce((
    select json_agg(json_build_object('id', f.id, 'fieldType', f.field_type, 'config', f.config, 'name', f.name,
      'parentName', f.parent_name, 'label', f.label, 'removed', f.deleted_at is not null)
      order by f.position, f.created_at)
    from ${formFields} f where f.application_id = ${applicationId}), '[]'::json)`;
  return db
    .select({
      application: applications,
      roles: memberRoles(db, sql.placeholder("userId")),
      fields,
      notifiesCreated: endpointListening(applicationId, "record.created"),
    })
    .from(applications)
    .where(eq(applications.id, sql.placeholder("id")))
    .prepare("campo_collect_target");
});
