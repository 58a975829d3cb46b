import { describe, expect, it } from "vitest";
import { countDrawnRecords } from "./drawn-records.ts";

describe("countDrawnRecords", () => {
  it("counts every single point, whatever its record id starts with", () => {
    // Record ids are random UUIDs: one in eight of two starts with "c" (the e2e flake: "1" instead of "2").
    const drawn = [
      { properties: { id: "c7161faf-1f13-4c60-82a6-18d6567210c0" } },
      { properties: { id: "30dd81e6-6243-4e42-9632-510a11f66086" } },
    ];
    expect(countDrawnRecords(drawn)).toBe(2);
  });

  it("adds each cluster's size once, though a cluster is drawn in every tile it overlaps", () => {
    const cluster = { properties: { cluster: true, cluster_id: 7, point_count: 6 } };
    const drawn = [
      cluster,
      cluster,
      { properties: { cluster: true, cluster_id: 9, point_count: 3 } },
      { properties: { id: "a" } },
      { properties: { id: "a" } },
    ];
    expect(countDrawnRecords(drawn)).toBe(10);
  });

  it("tells apart clusters of different sources that share an id", () => {
    const drawn = [
      { source: "records-0", properties: { cluster_id: 1, point_count: 4 } },
      { source: "records-1", properties: { cluster_id: 1, point_count: 5 } },
    ];
    expect(countDrawnRecords(drawn)).toBe(9);
  });
});
