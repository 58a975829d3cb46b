import type { EntityListRow, EntityRow, EntityVersionRow } from "../db/queries/entities.ts";
import type { EntityDto, EntityListDto, EntityVersionDto } from "../../shared/entities/entity-dtos.ts";

export function presentEntityList(list: EntityListRow): EntityListDto {
  return { id: list.id, name: list.name, properties: list.properties };
}

export function presentEntity(entity: EntityRow): EntityDto {
  return {
    id: entity.id,
    label: entity.label,
    properties: entity.properties,
    latitude: entity.latitude,
    longitude: entity.longitude,
    version: entity.version,
    conflict: entity.conflict,
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export function presentEntityVersion(row: EntityVersionRow): EntityVersionDto {
  return {
    version: row.version,
    baseVersion: row.baseVersion,
    source: row.source,
    recordId: row.submissionId,
    applicationId: row.applicationId,
    changes: row.changes,
    label: row.label,
    properties: row.properties,
    conflict: row.conflict,
    createdAt: row.createdAt.toISOString(),
  };
}
