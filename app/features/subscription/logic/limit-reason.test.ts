import { describe, expect, it } from "vitest";
import { parseLimitReason, upgradeFor } from "./limit-reason.ts";

const FREE = { submissions: 10, applications: 3, teamMembers: 3, storageGb: 1 };

describe("limit reason", () => {
  it("reads the four limits of ?limit= and nothing else", () => {
    expect(["submissions", "applications", "members", "storage"].map(parseLimitReason)).toEqual([
      "submissions",
      "applications",
      "members",
      "storage",
    ]);
    expect(parseLimitReason("records")).toBeNull();
    expect(parseLimitReason(null)).toBeNull();
  });

  it("offers the cheapest plan that raises the limit that was hit", () => {
    expect(upgradeFor("submissions", FREE)).toBe("basico");
    expect(upgradeFor("applications", FREE)).toBe("premium");
    expect(upgradeFor("members", FREE)).toBe("premium");
    expect(upgradeFor("storage", { ...FREE, storageGb: 5 })).toBe("avancado");
  });

  it("offers none past Avançado (only Custom goes further) or when already unlimited", () => {
    expect(upgradeFor("applications", { ...FREE, applications: 20 })).toBeNull();
    expect(upgradeFor("submissions", { ...FREE, submissions: null })).toBeNull();
  });
});
