import { describe, expect, it } from "vitest";
import { adminListQuerySchema, messageReplySchema, userLimitsSchema } from "./admin-schemas.ts";

const EMPTY = {
  maxTeamMembers: "",
  maxApplications: "",
  maxSubmissions: "",
  storageLimitGb: "",
  monthlyPriceCents: "",
  isCustomPlan: false,
};

describe("userLimitsSchema", () => {
  it("reads empty form fields as null (the plan decides) and digits as numbers", () => {
    expect(userLimitsSchema.parse({ ...EMPTY, maxApplications: "4", monthlyPriceCents: 15000 })).toEqual({
      maxTeamMembers: null,
      maxApplications: 4,
      maxSubmissions: null,
      storageLimitGb: null,
      monthlyPriceCents: 15000,
      isCustomPlan: false,
    });
  });

  it.each([
    ["maxTeamMembers", "-1", "min"],
    ["maxApplications", "2.5", "integer"],
    ["storageLimitGb", "muito", "number"],
    ["maxSubmissions", 10_000_000, "max"],
  ])("refuses %s = %s with the catalog key %s", (field, value, key) => {
    const result = userLimitsSchema.safeParse({ ...EMPTY, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });
});

describe("admin list and reply schemas", () => {
  it("defaults paging and caps the page size", () => {
    expect(adminListQuerySchema.parse({})).toEqual({ q: "", page: 1, pageSize: 20 });
    expect(adminListQuerySchema.safeParse({ pageSize: "1000" }).success).toBe(false);
  });

  it("refuses a blank reply", () => {
    expect(messageReplySchema.safeParse({ body: "   " }).error?.issues[0]?.message).toBe("required");
  });
});
