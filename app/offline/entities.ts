import { isNetworkError } from "../lib/api-client.ts";
import { callApi } from "../lib/api-call.ts";
import { listApplicationEntities } from "../../shared/api/contracts/entities.ts";
import { offlineDb } from "./db.ts";
import { entityChangeOf } from "../../shared/entities/entity-changes.ts";
import { recordClock } from "../../shared/forms/record-clock.ts";
import { toCollectFields } from "../components/form-fill/logic/form-values.ts";
import type { ApplicationEntitiesDto, EntityDto } from "../../shared/entities/entity-dtos.ts";

/** A form's entity action, list and entities as this device last downloaded them (GET /api/applications/:id/entities). */
export interface CachedEntityBundle {
  ownerKey: string;
  applicationId: string;
  bundle: ApplicationEntitiesDto;
  cachedAt: string;
}

const NO_ENTITIES: ApplicationEntitiesDto = { action: null, list: null, entities: [] };

/**
 * The form's entities: online, downloaded and kept so the follow-up form opens offline with them (and so this
 * device knows which of its forms create entities); offline, the copy kept, or none.
 */
export async function loadEntityBundle(userId: string, applicationId: string): Promise<ApplicationEntitiesDto> {
  const db = offlineDb();
  let bundle: ApplicationEntitiesDto;
  try {
    bundle = await callApi(listApplicationEntities, { params: { id: applicationId } });
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return (await db.entityBundles.get([userId, applicationId]))?.bundle ?? NO_ENTITIES;
  }
  // A failed write (quota, private mode) must not stop collecting online; only the offline copy is missing then.
  await db.entityBundles
    .put({ ownerKey: userId, applicationId, bundle, cachedAt: new Date().toISOString() })
    .catch(() => undefined);
  return bundle;
}

/**
 * Entities of `listId` created by records still on this device that the downloaded list does not hold yet: a tree
 * registered offline can be visited offline before it syncs. A created entity takes its record's id, as on the
 * server, so the visit names the same entity once both arrive.
 */
export async function entitiesFromOutbox(
  userId: string,
  listId: string,
  known: ReadonlySet<string>,
): Promise<EntityDto[]> {
  const db = offlineDb();
  const bundles = await db.entityBundles.where("ownerKey").equals(userId).toArray();
  const found: EntityDto[] = [];
  for (const { applicationId, bundle } of bundles) {
    const action = bundle.action;
    if (action?.kind !== "create" || action.listId !== listId) continue;
    const application = await db.applications.get([userId, applicationId]);
    if (!application) continue;
    const records = await db.outbox.where("[ownerKey+applicationId]").equals([userId, applicationId]).toArray();
    const fields = toCollectFields(application.fields);
    for (const record of records) {
      if (record.editOf !== null || record.status === "rejected" || known.has(record.id)) continue;
      // The form's attached tables are not at hand here: a condition reading them reads them empty.
      const change = entityChangeOf(action, fields, record, recordClock(record.createdAt));
      if (change?.kind !== "create") continue;
      found.push({
        id: change.entityId,
        label: change.label,
        properties: change.properties,
        latitude: change.geometry?.latitude ?? null,
        longitude: change.geometry?.longitude ?? null,
        version: 1,
        conflict: false,
        updatedAt: record.createdAt,
      });
    }
  }
  return found;
}
