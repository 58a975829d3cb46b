import { describe, expect, it } from "vitest";
import { usageLevel, usageRows } from "./usage-state.ts";

describe("usage state", () => {
  it("is near from 80 % of the limit and reached at the limit", () => {
    expect(usageLevel(7, 10)).toBe("ok");
    expect(usageLevel(8, 10)).toBe("near");
    expect(usageLevel(10, 10)).toBe("reached");
    expect(usageLevel(12, 10)).toBe("reached");
    expect(usageLevel(5000, null)).toBe("unlimited");
  });

  it("gives one bar per resource, storage compared in bytes with the plan's gigabytes", () => {
    const rows = usageRows({
      usage: { submissions: 12, applications: 1, teamMembers: 3, storageBytes: 512 * 1024 ** 2 },
      limits: { submissions: 10, applications: 3, teamMembers: 3, storageGb: 1 },
    });
    expect(rows.map((row) => [row.resource, row.level, Math.round(row.percent)])).toEqual([
      ["submissions", "reached", 100],
      ["applications", "ok", 33],
      ["teamMembers", "reached", 100],
      ["storageBytes", "ok", 50],
    ]);
    expect(rows[3]?.limit).toBe(1024 ** 3);
  });

  it("draws an empty bar for an unlimited resource", () => {
    const [records] = usageRows({
      usage: { submissions: 250, applications: 0, teamMembers: 0, storageBytes: 0 },
      limits: { submissions: null, applications: 3, teamMembers: 3, storageGb: 1 },
    });
    expect(records).toEqual({ resource: "submissions", used: 250, limit: null, level: "unlimited", percent: 0 });
  });
});
