import type { EntityListRow, EntityRow, EntityVersionRow } from "../../db/queries/entities.ts";
import type { EntityValues } from "../../../shared/entities/entity-schemas.ts";
import type { EntityVersionDto } from "../../../shared/entities/entity-dtos.ts";

/** `entity` of an entity.created / entity.updated payload (docs/api.md). */
export interface WebhookEntity {
  id: string;
  list: { id: string; name: string };
  label: string;
  /** Keyed by property name, values as stored (text or number). */
  properties: EntityValues;
  location: { latitude: number; longitude: number } | null;
  version: number;
  conflict: boolean;
  updatedAt: string;
  /** What made this version: its source, the record that made it (if any) and the properties it set. */
  change: {
    source: EntityVersionDto["source"];
    recordId: string | null;
    baseVersion: number | null;
    changes: EntityValues;
  };
}

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
