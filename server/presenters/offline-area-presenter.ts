import type { OfflineAreaRow } from "../db/queries/offline-areas.ts";
import type { TeamOfflineAreaDto } from "../../shared/map/offline-area.ts";

export function presentOfflineArea(area: OfflineAreaRow): TeamOfflineAreaDto {
  return {
    id: area.id,
    name: area.name,
    bbox: { west: area.west, south: area.south, east: area.east, north: area.north },
    minZoom: area.minZoom,
    maxZoom: area.maxZoom,
    createdAt: area.createdAt.toISOString(),
  };
}
