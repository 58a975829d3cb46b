type DrawnFeature = { source?: string; properties: Record<string, unknown> };

/**
 * How many records the map draws in view: each cluster's size plus each single point. A feature is returned once per
 * tile it overlaps, so clusters are counted by cluster id and points by record id, in two separate sets (one set
 * keyed "c<cluster id>" beside record UUIDs lost every record whose id starts with "c"). Cluster ids are per source: the
 * overview map draws one source per application.
 */
export function countDrawnRecords(drawn: DrawnFeature[]): number {
  const clusters = new Map<string, number>();
  const singles = new Set<string>();
  for (const { source, properties } of drawn) {
    if (properties.point_count !== undefined)
      clusters.set(`${source ?? ""}:${String(properties.cluster_id)}`, Number(properties.point_count));
    else singles.add(String(properties.id));
  }
  return [...clusters.values()].reduce((sum, size) => sum + size, singles.size);
}
