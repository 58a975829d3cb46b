/** The part of a form field that says where it sits. */
interface PlacedField {
  name: string;
  fieldType: string;
  parentName?: string | null;
}

/**
 * The fields an entity action may name: those answered once per record, at the top level or in sections (whose
 * answers sit beside the top level's), never inside a repeat, whose answers are per entry.
 */
export function entityActionFields<F extends PlacedField>(fields: readonly F[]): F[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const inRepeat = (field: F): boolean => {
    const seen = new Set<string>();
    for (let parent = field.parentName ?? null; parent !== null && !seen.has(parent);) {
      seen.add(parent);
      const container = byName.get(parent);
      if (!container || container.fieldType === "repeat") return true;
      parent = container.parentName ?? null;
    }
    return false;
  };
  return fields.filter((field) => !inRepeat(field));
}
