import { describe, expect, it } from "vitest";
import { exportValue, formatAnswer, formatDateTime, formatInstantDay, neutraliseFormula } from "./answer-format.ts";

const words = { yes: "Sim", no: "Não", entries: (count: number) => `${count} entradas`, line: "Linha", area: "Área" };
const field = (fieldType: string, config: Record<string, unknown> = {}) => ({ fieldType, config });

describe("formatInstantDay", () => {
  it("reads an instant's day dd/MM/yyyy in pt-BR and es, MM/dd/yyyy in English, in the given zone", () => {
    const iso = "2026-12-01T01:30:00.000Z";
    expect(formatInstantDay(iso, "pt-BR", "America/Sao_Paulo")).toBe("30/11/2026");
    expect(formatInstantDay(iso, "es", "UTC")).toBe("01/12/2026");
    expect(formatInstantDay(iso, "en", "UTC")).toBe("12/01/2026");
    expect(formatInstantDay("not a date", "pt-BR")).toBe("not a date");
  });
});

describe("formatDateTime", () => {
  it("reads dd/MM/yyyy HH:mm in pt-BR and es, MM/dd/yyyy HH:mm in English, in the given zone", () => {
    const iso = "2025-03-04T18:05:00.000Z";
    expect(formatDateTime(iso, "pt-BR", "America/Sao_Paulo")).toBe("04/03/2025 15:05");
    expect(formatDateTime(iso, "es", "UTC")).toBe("04/03/2025 18:05");
    expect(formatDateTime(iso, "en", "UTC")).toBe("03/04/2025 18:05");
  });
});

describe("formatAnswer", () => {
  it("formats numbers by format and language; currency is always BRL", () => {
    const nbsp = /\u00a0/g;
    expect(formatAnswer(field("number", { format: "currency" }), 1234.5, "pt-BR", words).replace(nbsp, " ")).toBe(
      "R$ 1.234,50",
    );
    expect(formatAnswer(field("number", { format: "currency" }), 1234.5, "en", words)).toBe("R$1,234.50");
    expect(formatAnswer(field("number", { format: "percentage" }), 45, "pt-BR", words).replace(nbsp, " ")).toBe("45%");
    expect(formatAnswer(field("number", { format: "decimal" }), 3.25, "pt-BR", words)).toBe("3,25");
    expect(formatAnswer(field("number", { format: "integer" }), 1000, "en", words)).toBe("1,000");
  });

  it("formats dates, yes/no, choices and positions", () => {
    expect(formatAnswer(field("date"), "2025-12-31", "pt-BR", words)).toBe("31/12/2025");
    expect(formatAnswer(field("date"), "2025-12-31", "en", words)).toBe("12/31/2025");
    expect(formatAnswer(field("yes_no"), false, "pt-BR", words)).toBe("Não");
    expect(formatAnswer(field("multiple_choice"), ["A", "B"], "pt-BR", words)).toBe("A; B");
    expect(formatAnswer(field("gps"), { latitude: -23.5505199, longitude: -46.6333 }, "pt-BR", words)).toBe(
      "-23.550520, -46.633300",
    );
    expect(formatAnswer(field("text"), null, "pt-BR", words)).toBe("");
  });
});

describe("exports", () => {
  const context = { words, mediaUrl: (id: string) => `https://campo.test/api/attachments/${id}` };

  it("keeps numbers typed, dates as days and media as links", () => {
    expect(exportValue(field("number"), 2.5, context)).toBe(2.5);
    expect(exportValue(field("date"), "2025-02-03", context)).toEqual({ date: new Date("2025-02-03T00:00:00.000Z") });
    expect(exportValue(field("photo"), { attachmentId: "abc", sha256: "x", contentType: "image/jpeg" }, context)).toBe(
      "https://campo.test/api/attachments/abc",
    );
    expect(exportValue(field("text"), "", context)).toBeNull();
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+5", "-2", "@SUM(A1)", "\tx", "\rx", "|calc!A1"])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(neutraliseFormula("São João")).toBe("São João");
  });
});

describe("calculations and repeats", () => {
  const context = { words, mediaUrl: (id: string) => `/m/${id}` };
  it("read a calculation by its value's type, and a repeat as its entry count", () => {
    expect(formatAnswer(field("calculation"), 1234.5, "pt-BR", words)).toBe("1.234,5");
    expect(formatAnswer(field("calculation"), true, "pt-BR", words)).toBe("Sim");
    expect(formatAnswer(field("calculation"), "ok", "pt-BR", words)).toBe("ok");
    expect(formatAnswer(field("repeat"), [{}, {}, {}], "pt-BR", words)).toBe("3 entradas");
    expect(formatAnswer(field("repeat"), [], "pt-BR", words)).toBe("0 entradas");
    expect(formatAnswer(field("repeat"), undefined, "pt-BR", words)).toBe("");
    expect(exportValue(field("calculation"), 2.5, context)).toBe(2.5);
    expect(exportValue(field("calculation"), false, context)).toBe("Não");
    expect(exportValue(field("repeat"), [{ a: 1 }, { b: 2 }], context)).toBe(2);
    expect(exportValue(field("repeat"), [], context)).toBe(0);
    expect(exportValue(field("repeat"), null, context)).toBeNull();
  });
});
