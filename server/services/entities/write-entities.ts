import type { Db } from "../../db/client.ts";
import { insertEntityVersions, lockEntity, updateEntity } from "../../db/queries/entities.ts";
import { createEntities } from "./create-entities.ts";
import type { EntityPoint, EntityValues } from "../../../shared/entities/entity-schemas.ts";
import type { AppliedEntityChanges } from "./apply-entity-changes.ts";

/** An entity an upload row or an API call makes or changes; checked against the list before it comes here. */
export type EntityWrite =
  | { kind: "create"; id: string; label: string; properties: EntityValues; location: EntityPoint | null }
  | {
      kind: "update";
      id: string;
      /** undefined keeps the label; so does `location` undefined keep the place. */
      label: string | undefined;
      properties: EntityValues;
      location: EntityPoint | undefined;
    };

function sameValues(a: EntityValues, b: EntityValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

export interface WriteContext {
  listId: string;
  applicationId: string;
  actorId: string;
  source: "upload" | "api";
}

/**
 * Makes and changes entities outside a record (a CSV upload, the API), each change a version of its own made from
 * the current one (so never a conflict: the writer saw nothing older). An update of an entity that left the list
 * meanwhile, or a create whose id was taken meanwhile, changes nothing.
 */
export async function writeEntities(
  tx: Db,
  context: WriteContext,
  writes: readonly EntityWrite[],
): Promise<AppliedEntityChanges> {
  const applied: AppliedEntityChanges = { created: [], updated: [] };
  const stamp = { source: context.source, applicationId: context.applicationId, actorId: context.actorId };
  const created = await createEntities(
    tx,
    writes.flatMap((write) =>
      write.kind === "create"
        ? [
            {
              id: write.id,
              listId: context.listId,
              label: write.label,
              properties: write.properties,
              location: write.location,
              stamp,
            },
          ]
        : [],
    ),
  );
  applied.created.push(
    ...created.map((entity) => ({ applicationId: context.applicationId, entityId: entity.id, version: 1 })),
  );

  for (const write of writes) {
    if (write.kind !== "update") continue;
    const entity = await lockEntity(tx, write.id);
    if (!entity || entity.listId !== context.listId) continue;
    const label = write.label ?? entity.label;
    const properties = { ...entity.properties, ...write.properties };
    const moved =
      write.location !== undefined &&
      (write.location.latitude !== entity.latitude || write.location.longitude !== entity.longitude);
    // A row that restates the entity (an export uploaded back) makes no version and no webhook.
    if (label === entity.label && !moved && sameValues(properties, entity.properties)) continue;
    const version = entity.version + 1;
    await insertEntityVersions(tx, [
      {
        ...stamp,
        entityId: entity.id,
        version,
        baseVersion: entity.version,
        changes: write.properties,
        label,
        properties,
      },
    ]);
    await updateEntity(tx, entity.id, {
      label,
      properties,
      version,
      conflict: entity.conflict,
      ...(write.location === undefined
        ? {}
        : { latitude: write.location.latitude, longitude: write.location.longitude }),
    });
    applied.updated.push({ applicationId: context.applicationId, entityId: entity.id, version });
  }
  return applied;
}
