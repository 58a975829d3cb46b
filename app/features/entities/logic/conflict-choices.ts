import type { EntityDetailDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityValue } from "../../../../shared/entities/entity-schemas.ts";

/**
 * The values an administrator chooses between, per property, to resolve an entity's conflict: the current value and
 * what each change since the last resolution set (the conflicting ones and those they ran into), without repeats.
 */
export function conflictChoices(detail: EntityDetailDto): Map<string, EntityValue[]> {
  const { entity, history } = detail;
  const lastResolution = Math.max(0, ...history.filter((row) => row.source === "resolution").map((row) => row.version));
  const conflicting = history.filter((row) => row.conflict && row.version > lastResolution);
  const from = Math.min(...conflicting.map((row) => (row.baseVersion ?? row.version - 1) + 1));
  const involved = history.filter((row) => row.version >= from && row.version > lastResolution);
  const choices = new Map<string, EntityValue[]>();
  const add = (property: string, value: EntityValue) => {
    const list = choices.get(property) ?? [];
    if (!list.includes(value)) list.push(value);
    choices.set(property, list);
  };
  for (const [property, value] of Object.entries(entity.properties)) add(property, value);
  for (const row of involved) for (const [property, value] of Object.entries(row.changes)) add(property, value);
  return choices;
}
