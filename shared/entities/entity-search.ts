import type { EntityPoint } from "./entity-schemas.ts";

/** The part of an entity the picker searches and orders. */
export interface Searchable {
  label: string;
  latitude: number | null;
  longitude: number | null;
}

/** Case and accents do not matter ("ipe" finds "Ipê-amarelo"). */
export function entitySearchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * Distance in metres along the sphere (haversine): enough to put the nearest tree first, no projection needed.
 */
export function metresBetween(a: EntityPoint, b: EntityPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The entities whose label holds every word typed, nearest first when the device knows where it is (those without
 * a place after the placed ones), else by label.
 */
export function searchEntities<T extends Searchable>(
  entities: readonly T[],
  query: string,
  here: EntityPoint | null,
): T[] {
  const words = entitySearchKey(query).split(/\s+/).filter(Boolean);
  const matches = entities.filter((entity) => {
    const key = entitySearchKey(entity.label);
    return words.every((word) => key.includes(word));
  });
  const distance = (entity: T) =>
    here && entity.latitude !== null && entity.longitude !== null
      ? metresBetween(here, { latitude: entity.latitude, longitude: entity.longitude })
      : Number.POSITIVE_INFINITY;
  return matches.sort((a, b) => distance(a) - distance(b) || a.label.localeCompare(b.label));
}
