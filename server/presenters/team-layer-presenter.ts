import type { TeamLayerSummary } from "../db/queries/team-layers.ts";
import type { TeamLayerDto } from "../../shared/map/team-layer.ts";

export function presentTeamLayer(layer: TeamLayerSummary): TeamLayerDto {
  return {
    id: layer.id,
    name: layer.name,
    color: layer.color,
    format: layer.format,
    featureCount: layer.featureCount,
    vertexCount: layer.vertexCount,
    bbox: { west: layer.west, south: layer.south, east: layer.east, north: layer.north },
    createdAt: layer.createdAt.toISOString(),
  };
}
