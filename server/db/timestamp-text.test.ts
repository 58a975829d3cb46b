import { describe, expect, it } from "vitest";
import { isoFromTimestampText } from "./timestamp-text.ts";

describe("isoFromTimestampText", () => {
  it("turns PostgreSQL's UTC text into ISO 8601 with milliseconds, truncating like to_char", () => {
    expect(isoFromTimestampText("2026-01-01 00:00:01+00")).toBe("2026-01-01T00:00:01.000Z");
    expect(isoFromTimestampText("2026-01-01 00:00:01.5+00")).toBe("2026-01-01T00:00:01.500Z");
    expect(isoFromTimestampText("2026-12-31 23:59:59.123987+00")).toBe("2026-12-31T23:59:59.123Z");
  });

  it("refuses a timestamp printed in another time zone instead of shifting it", () => {
    expect(() => isoFromTimestampText("2026-01-01 00:00:01-03")).toThrow(/UTC/);
  });
});
