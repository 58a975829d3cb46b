import { describe, expect, it } from "vitest";
import { exportValue, formatAnswer, formatDateTime } from "./answer-format.ts";

const words = { yes: "Sim", no: "Não", entries: (count: number) => `${count} entradas`, line: "Linha", area: "Área" };
const field = (fieldType: string, config: Record<string, unknown> = {}) => ({ fieldType, config });
const context = { words, mediaUrl: (id: string) => `https://campo.test/media/${id}` };

describe("issue 24's types as read in the record detail and list", () => {
  it("reads a datetime and the start/end metadata as instants in the reader's zone", () => {
    const value = "2026-11-27T10:30:00.000-03:00";
    expect(formatAnswer(field("datetime"), value, "pt-BR", words)).toBe(formatDateTime(value, "pt-BR"));
    expect(formatAnswer(field("metadata", { kind: "end" }), value, "en", words)).toBe(formatDateTime(value, "en"));
    expect(formatAnswer(field("metadata", { kind: "today" }), "2026-11-27", "pt-BR", words)).toBe("27/11/2026");
  });

  it("reads a range as a number, a rank in its order, acknowledge, barcode, hidden and ids as they are", () => {
    expect(formatAnswer(field("range"), 7.5, "pt-BR", words)).toBe("7,5");
    expect(formatAnswer(field("rank"), ["Saúde", "Água"], "pt-BR", words)).toBe("Saúde; Água");
    expect(formatAnswer(field("acknowledge"), "OK", "pt-BR", words)).toBe("OK");
    expect(formatAnswer(field("barcode"), "7891234567895", "pt-BR", words)).toBe("7891234567895");
    expect(formatAnswer(field("hidden"), true, "pt-BR", words)).toBe("Sim");
    expect(formatAnswer(field("metadata", { kind: "deviceid" }), "campo:abc", "pt-BR", words)).toBe("campo:abc");
  });

  it("reads an audit as the total time spent", () => {
    expect(formatAnswer(field("metadata", { kind: "audit" }), { a: 61_400, b: 1_000 }, "pt-BR", words)).toBe("62 s");
  });
});

describe("issue 24's types in exports and webhooks", () => {
  it("keeps numbers typed, the day a date cell, instants as ISO text and the audit as JSON", () => {
    expect(exportValue(field("range"), 3, context)).toBe(3);
    expect(exportValue(field("datetime"), "2026-11-27T10:30:00.000-03:00", context)).toBe(
      "2026-11-27T10:30:00.000-03:00",
    );
    expect(exportValue(field("metadata", { kind: "today" }), "2026-11-27", context)).toEqual({
      date: new Date("2026-11-27T00:00:00.000Z"),
    });
    expect(exportValue(field("metadata", { kind: "audit" }), { a: 1200 }, context)).toBe('{"a":1200}');
    expect(exportValue(field("rank"), ["B", "A"], context)).toBe("B; A");
    expect(exportValue(field("hidden"), 4, context)).toBe(4);
  });
});
