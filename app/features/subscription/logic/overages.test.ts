import { describe, expect, it } from "vitest";
import { parseOverages } from "./overages.ts";

const over = { resource: "applications", used: 7, limit: 3, over: 4 };

describe("downgrade overages", () => {
  it("reads the list from the details, bare or wrapped", () => {
    expect(parseOverages([over])).toEqual([over]);
    expect(parseOverages({ overages: [over], target: "basico" })).toEqual([over]);
  });

  it("gives nothing for details it does not understand", () => {
    expect(parseOverages(undefined)).toEqual([]);
    expect(parseOverages({ overages: [{ resource: "disk", used: 1 }] })).toEqual([]);
    expect(parseOverages("applications")).toEqual([]);
  });
});
