import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it("takes the first and last word of a full name", () => {
    expect(initials("ana maria souza", "a@x.com")).toBe("AS");
  });
  it("takes two letters of a single name", () => {
    expect(initials("  João ", "j@x.com")).toBe("JO");
  });
  it("falls back to the e-mail", () => {
    expect(initials("", "zeca@x.com")).toBe("ZE");
    expect(initials(null, "zeca@x.com")).toBe("ZE");
  });
});
