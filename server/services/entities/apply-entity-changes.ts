import type { Db } from "../../db/client.ts";
import { insertEntityVersions, lockEntity, updateEntity, type EntityVersionRef } from "../../db/queries/entities.ts";
import { createEntities } from "./create-entities.ts";
import { logger } from "../../lib/logger.ts";
import type { EntityChange } from "../../../shared/entities/entity-changes.ts";

/** One stored record's entity change, with what the history keeps about it. */
export interface RecordEntityChange {
  change: EntityChange;
  submissionId: string;
  applicationId: string;
  actorId: string | null;
  /** The entity version the device had when the record was made; absent, the change is taken as made from the current one. */
  baseVersion: number | undefined;
}

/** One version a change made, and the application it came through (whose webhooks hear of it). */
export interface AppliedEntityChange extends EntityVersionRef {
  applicationId: string;
}

/** What applying a batch's changes did, for the webhooks. */
export interface AppliedEntityChanges {
  created: AppliedEntityChange[];
  updated: AppliedEntityChange[];
}

/**
 * Applies the entity changes of records just stored, in the transaction that stored them and in the order the server
 * received them. Only records inserted by this transaction come here, so a resent record changes nothing again.
 * An update made from an older version than the current one is still applied (the later change wins, as in ODK)
 * but both changes stay in the history and the entity is flagged as a conflict for an administrator to resolve.
 * An update naming an entity that is gone or of another list changes nothing; the record itself stays stored.
 */
export async function applyEntityChanges(
  tx: Db,
  changes: readonly RecordEntityChange[],
): Promise<AppliedEntityChanges> {
  const applied: AppliedEntityChanges = { created: [], updated: [] };
  const created = await createEntities(
    tx,
    changes.flatMap((item) =>
      item.change.kind === "create"
        ? [
            {
              id: item.change.entityId,
              listId: item.change.listId,
              label: item.change.label,
              properties: item.change.properties,
              location: item.change.geometry,
              stamp: historyStamp(item),
              applicationId: item.applicationId,
            },
          ]
        : [],
    ),
  );
  for (const { id, applicationId } of created) applied.created.push({ applicationId, entityId: id, version: 1 });

  for (const item of changes) {
    const { change } = item;
    if (change.kind !== "update") continue;
    const entity = await lockEntity(tx, change.entityId);
    if (!entity || entity.listId !== change.listId) {
      logger.warn("record updates an entity that is not in its form's list; the entity is left as is", {
        submissionId: item.submissionId,
        entityId: change.entityId,
      });
      continue;
    }
    const baseVersion = Math.min(item.baseVersion ?? entity.version, entity.version);
    const conflict = baseVersion < entity.version;
    const version = entity.version + 1;
    const properties = { ...entity.properties, ...change.properties };
    await insertEntityVersions(tx, [
      {
        ...historyStamp(item),
        entityId: entity.id,
        version,
        baseVersion,
        changes: change.properties,
        label: entity.label,
        properties,
        conflict,
      },
    ]);
    await updateEntity(tx, entity.id, {
      label: entity.label,
      properties,
      version,
      conflict: entity.conflict || conflict,
    });
    applied.updated.push({ applicationId: item.applicationId, entityId: entity.id, version });
  }
  return applied;
}

function historyStamp(item: RecordEntityChange) {
  return {
    source: "record" as const,
    submissionId: item.submissionId,
    applicationId: item.applicationId,
    actorId: item.actorId,
  };
}
