import { describe, expect, it } from "vitest";
import { contentDisposition, exportFileBase } from "./export-stream.ts";

describe("export file name", () => {
  it("carries the export's UTC day, up to the last millisecond before midnight", () => {
    expect(contentDisposition("Poços", "csv", new Date("2026-03-14T23:59:59.999Z"))).toBe(
      `attachment; filename="Pocos-2026-03-14.csv"; filename*=UTF-8''${encodeURIComponent("Poços-2026-03-14.csv")}`,
    );
    expect(contentDisposition("Poços", "xlsx", new Date("2026-03-15T00:00:00.000Z"))).toContain(
      'filename="Pocos-2026-03-15.xlsx"',
    );
  });

  it("keeps no path separator or control character, and names a blank application campo", () => {
    expect(exportFileBase(' a/b\\c:\u0007"d" ')).toBe("a b c d");
    expect(contentDisposition("///", "zip", new Date("2026-01-02T12:00:00Z"))).toContain(
      'filename="campo-2026-01-02.zip"',
    );
  });
});
