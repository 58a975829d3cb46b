import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import {
  applicationEntityActions,
  applications,
  attachments,
  formFields,
  formFiles,
  formSubmissions,
  subscriptions,
  userLimits,
  users,
} from "../schema/index.ts";
import type { ApplicationRow } from "./applications.ts";
import type { AttachmentFacts } from "./attachments.ts";
import type { StoredIdentity } from "./submissions.ts";
import type { VersionFile } from "./form-files.ts";
import { memberRoles } from "./memberships.ts";
import { endpointListening } from "./webhooks.ts";
import type { OwnerPlanRows } from "./usage.ts";
import type { EntityAction } from "../../../shared/entities/entity-schemas.ts";

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
  /** Live and removed fields, in form order; null when they hash to the `knownFields` the caller passed. */
  fields: CollectFieldRow[] | null;
  /** The fields' hash (md5 of their JSON as sent), for the caller's next `knownFields`. */
  fieldsHash: string;
  /** An enabled webhook endpoint listens to record.created (the insert then needs a transaction). */
  notifiesCreated: boolean;
  /** What the form's records do to an entity list. */
  entityAction: EntityAction | null;
  /** The files the current version was published with (its tables). */
  versionFiles: VersionFile[];
  /** The owner's plan: the record cap every batch checks. */
  ownerPlan: OwnerPlanRows;
  /** The batch's answers read beside the application: see BatchQuestions. */
  batch: BatchAnswers;
}

/**
 * What a sync batch asks about itself before its checks, sent with its first target lookup so the usual batch (one
 * application) makes one round trip for both: the ids already stored among its records, and the uploads its answers
 * may name (every id-shaped answer; the media check then reads the ones its media answers name).
 */
export interface BatchQuestions {
  recordIds: readonly string[];
  uploadIds: readonly string[];
}

export interface BatchAnswers {
  stored: StoredIdentity[];
  uploads: AttachmentFacts[];
}

const NO_QUESTIONS: BatchQuestions = { recordIds: [], uploadIds: [] };

/**
 * Everything sync needs of an application in one round trip (a batch asks it per application, and every query is
 * one more wait on the database, and one more socket write for the server): the application, the user's roles for
 * the access policy, its fields, whether a webhook listens to new records, its entity action, the current version's
 * files and the owner's plan. The fields, the largest part, are left out when they hash to `knownFields`: the caller
 * already holds them, compiled (the database checks the hash on every call, so no process ever uses stale fields).
 * `questions`, the batch's own (BatchQuestions), are answered in `batch`.
 */
export async function findCollectTarget(
  db: Db,
  id: string,
  userId: string,
  knownFields = "",
  questions: BatchQuestions = NO_QUESTIONS,
): Promise<CollectTargetRow | undefined> {
  const [row] = await collectTarget(db).execute({
    id,
    userId,
    knownFields,
    recordIds: [...questions.recordIds],
    uploadIds: [...questions.uploadIds],
  });
  if (!row) return undefined;
  const { ownerEmail, subscription, limits, stored, uploads, ...target } = row;
  return {
    ...target,
    ownerPlan: { email: ownerEmail, subscription: subscription ?? undefined, limits: limits ?? undefined },
    batch: { stored, uploads },
  };
}

// Prepared once per connection handle (prepared-query.ts): every sync batch asks it.
const collectTarget = preparedPerDb((db) => {
  // Qualified by hand: drizzle leaves the columns of a one-table query unqualified, and `id` would be the field's.
  const applicationId = sql`${applications}.id`;
  const liveFields = db
    .select({
      list: sql<CollectFieldRow[]>`coalesce(json_agg(json_build_object('id', f.id, 'fieldType', f.field_type,
        'config', f.config, 'name', f.name, 'parentName', f.parent_name, 'label', f.label,
        'removed', f.deleted_at is not null) order by f.position, f.created_at), '[]'::json)`.as("list"),
    })
    .from(sql`${formFields} f`)
    .where(sql`f.application_id = ${applicationId}`)
    .as("live_fields");
  const fieldsHash = sql<string>`md5(${liveFields.list}::text)`;
  const version = sql`${applications}.form_version`;
  const versionFiles = sql<VersionFile[]>`coalesce((
    select json_agg(json_build_object('id', ff.id, 'name', ff.name, 'kind', ff.kind) order by lower(ff.name))
    from ${formFiles} ff where ff.application_id = ${applicationId} and ff.from_version <= ${version}
      and (ff.to_version is null or ff.to_version > ${version})), '[]'::json)`;
  const entityAction = sql<EntityAction | null>`(
    select ea.action from ${applicationEntityActions} ea where ea.application_id = ${applicationId})`;
  // Keys as StoredIdentity and AttachmentFacts name them (findStoredIdentities, findAttachmentsByIds).
  const stored = sql<StoredIdentity[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'payloadHash', s.payload_hash, 'submitterId', s.submitter_id,
      'publicLinkId', s.public_link_id))
    from ${formSubmissions} s where s.id = any(${sql.placeholder("recordIds")}::uuid[])), '[]'::json)`;
  const uploads = sql<AttachmentFacts[]>`coalesce((
    select json_agg(json_build_object('id', a.id, 'uploaderId', a.uploader_id, 'publicLinkId', a.public_link_id,
      'sha256', a.sha256, 'contentType', a.content_type, 'bytes', a.bytes))
    from ${attachments} a where a.id = any(${sql.placeholder("uploadIds")}::uuid[])), '[]'::json)`;
  return db
    .select({
      application: applications,
      roles: memberRoles(db, sql.placeholder("userId")),
      fields: sql<CollectFieldRow[] | null>`case when ${fieldsHash} = ${sql.placeholder("knownFields")} then null
        else ${liveFields.list} end`,
      fieldsHash,
      notifiesCreated: endpointListening(applicationId, "record.created"),
      entityAction,
      versionFiles,
      ownerEmail: users.email,
      subscription: subscriptions,
      limits: userLimits,
      stored,
      uploads,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.ownerId))
    .leftJoin(subscriptions, eq(subscriptions.userId, applications.ownerId))
    .leftJoin(userLimits, eq(userLimits.userId, applications.ownerId))
    .crossJoinLateral(liveFields)
    .where(eq(applications.id, sql.placeholder("id")))
    .prepare("campo_collect_target");
});
