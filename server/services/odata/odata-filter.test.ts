import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error.ts";
import { parseFeedFilter } from "./odata-filter.ts";

function codeOf(filter: string): string | undefined {
  try {
    parseFeedFilter(filter);
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe("parseFeedFilter", () => {
  it("turns every comparison into inclusive bounds at microsecond resolution", () => {
    expect(parseFeedFilter("__createdAt ge 2026-05-01T10:00:00Z")).toEqual({ from: "2026-05-01T10:00:00.000000Z" });
    expect(parseFeedFilter("__createdAt gt 2026-05-01T10:00:00Z")).toEqual({ from: "2026-05-01T10:00:00.000001Z" });
    expect(parseFeedFilter("__createdAt le 2026-05-01")).toEqual({ to: "2026-05-01T00:00:00.000000Z" });
    expect(parseFeedFilter("__createdAt lt 2026-05-01")).toEqual({ to: "2026-04-30T23:59:59.999999Z" });
  });

  it("reads offsets and the seven fractional digits .NET clients send, rounding finer parts the safe way", () => {
    expect(parseFeedFilter("__createdAt ge 2026-05-01T10:00:00-03:00")).toEqual({
      from: "2026-05-01T13:00:00.000000Z",
    });
    expect(parseFeedFilter("__createdAt ge 2026-05-01T10:00:00.0000000Z")).toEqual({
      from: "2026-05-01T10:00:00.000000Z",
    });
    expect(parseFeedFilter("__createdAt ge 2026-05-01T10:00:00.1234567Z")).toEqual({
      from: "2026-05-01T10:00:00.123457Z",
    });
    expect(parseFeedFilter("__createdAt le 2026-05-01T10:00:00.1234567Z")).toEqual({
      to: "2026-05-01T10:00:00.123456Z",
    });
    expect(parseFeedFilter("__createdAt lt 2026-05-01T10:00:00.1234567Z")).toEqual({
      to: "2026-05-01T10:00:00.123456Z",
    });
  });

  it("keeps the narrowest bounds and the submitter, with parentheses", () => {
    expect(
      parseFeedFilter(
        "(__createdAt ge 2026-01-01 and __createdAt ge 2026-02-01) and (__createdAt lt 2026-03-01 and __submitterEmail eq 'Ana.O''Neil@Campo.test')",
      ),
    ).toEqual({
      from: "2026-02-01T00:00:00.000000Z",
      to: "2026-02-28T23:59:59.999999Z",
      submitterEmail: "ana.o'neil@campo.test",
    });
  });

  it("matches no one when two different submitters are asked for", () => {
    expect(parseFeedFilter("__submitterEmail eq 'a@campo.test' and __submitterEmail eq 'b@campo.test'")).toEqual({
      submitterEmail: "",
    });
  });

  it("refuses what is not OData (400) and what the feed does not do (501)", () => {
    for (const bad of [
      "",
      "and",
      "__createdAt ge",
      "__createdAt ge 2026-13-01",
      "__createdAt ge 2026-05-01T25:00:00Z",
      "((__createdAt ge 2026-01-01)",
    ])
      expect(codeOf(bad), bad).toBe("VALIDATION_FAILED");
    for (const unsupported of [
      "__createdAt ne 2026-01-01",
      "__reviewState eq 'x'",
      "year(__createdAt) eq 2026",
      "__createdAt ge 2026-01-01 or __createdAt le 2025-01-01",
    ])
      expect(codeOf(unsupported), unsupported).toBe("NOT_IMPLEMENTED");
  });
});
