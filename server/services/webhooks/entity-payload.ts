import type { EntityListRow, EntityRow, EntityVersionRow } from "../../db/queries/entities.ts";
import type { WebhookEntity } from "../../../shared/integrations/webhook-payloads.ts";

/** `entity` of an entity.created / entity.updated payload (shared/integrations/webhook-payloads.ts). */
export function webhookEntity(entity: EntityRow, list: EntityListRow, version: EntityVersionRow): WebhookEntity {
  return {
    id: entity.id,
    list: { id: list.id, name: list.name },
    label: version.label,
    properties: version.properties,
    location:
      entity.latitude === null || entity.longitude === null
        ? null
        : { latitude: entity.latitude, longitude: entity.longitude },
    version: version.version,
    conflict: entity.conflict,
    updatedAt: entity.updatedAt.toISOString(),
    change: {
      source: version.source,
      recordId: version.submissionId,
      baseVersion: version.baseVersion,
      changes: version.changes,
    },
  };
}
