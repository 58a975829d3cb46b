import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error.ts";
import { parseFilter, parseOrderBy, type FilterProperty } from "./odata-filter.ts";

const PROPERTIES: FilterProperty[] = [
  { name: "__id", type: "Edm.String", source: { kind: "column", column: "id" } },
  { name: "__createdAt", type: "Edm.DateTimeOffset", source: { kind: "column", column: "created_at" } },
  {
    name: "__submitterEmail",
    type: "Edm.String",
    source: { kind: "column", column: "submitter_email" },
    storedValue: (shown) => shown.toLowerCase(),
  },
  {
    name: "__reviewState",
    type: "Edm.String",
    source: { kind: "column", column: "review_state" },
    storedValue: (shown) => (shown === "Aprovado" ? "approved" : shown),
    equalityOnly: true,
  },
  { name: "idade", type: "Edm.Decimal", source: { kind: "answer", fieldId: "f-idade", read: "number" } },
  { name: "nome", type: "Edm.String", source: { kind: "answer", fieldId: "f-nome", read: "string" } },
  { name: "ativo", type: "Edm.Boolean", source: { kind: "answer", fieldId: "f-ativo", read: "boolean" } },
  { name: "visita", type: "Edm.Date", source: { kind: "answer", fieldId: "f-visita", read: "date" } },
  { name: "inicio", type: "Edm.DateTimeOffset", source: { kind: "answer", fieldId: "f-inicio", read: "instant" } },
  { name: "local", type: "Edm.GeographyPoint" },
  { name: "foto", type: "Edm.String" },
];

function refusal(run: () => unknown): { code: string; message: string; target?: string } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) {
      const [detail] = error.details as { target?: string }[];
      return { code: error.code, message: error.message, ...(detail?.target ? { target: detail.target } : {}) };
    }
    throw error;
  }
  return undefined;
}

const filter = (text: string) => parseFilter(text, PROPERTIES);

describe("parseFilter", () => {
  it("reads form and system properties with the literal of their type", () => {
    expect(filter("idade ge 18")).toEqual({
      kind: "compare",
      operator: "ge",
      left: { kind: "answer", fieldId: "f-idade", read: "number" },
      right: { kind: "literal", type: "number", value: "18" },
    });
    expect(filter("visita lt 2026-05-01").kind).toBe("compare");
    expect(filter("inicio ge 2026-05-01T10:00:00-03:00").kind).toBe("compare");
    expect(filter("ativo")).toEqual({ kind: "answer", fieldId: "f-ativo", read: "boolean" });
    expect(filter("not ativo and nome ne null").kind).toBe("logical");
    expect(filter("contains(tolower(nome),'ana') or startswith(nome,'A') or endswith(nome,'a')").kind).toBe("logical");
    expect(filter("year(visita) eq 2026 and month(inicio) le 6 and hour(__createdAt) gt 8").kind).toBe("logical");
    expect(filter("date(__createdAt) eq 2026-05-01 and __createdAt lt now()").kind).toBe("logical");
    expect(filter("__id eq 8b0c3f4e-7a5b-4c1d-9e2f-0a1b2c3d4e5f").kind).toBe("compare");
  });

  it("reads a bare date against an instant as that day's UTC midnight", () => {
    expect(filter("__createdAt ge 2026-05-01")).toEqual({
      kind: "compare",
      operator: "ge",
      left: { kind: "column", column: "created_at" },
      right: { kind: "literal", type: "instant", value: "2026-05-01T00:00:00Z" },
    });
  });

  it("compares shown values as stored: a translated state, an e-mail in any case", () => {
    expect(filter("__reviewState eq 'Aprovado'")).toMatchObject({ right: { value: "approved" } });
    expect(filter("'Aprovado' ne __reviewState")).toMatchObject({ left: { value: "approved" } });
    expect(filter("__submitterEmail eq 'Ana@Campo.TEST'")).toMatchObject({ right: { value: "ana@campo.test" } });
    expect(filter("contains(__submitterEmail,'campo')").kind).toBe("call");
  });

  it("answers 400 naming both sides when they cannot be compared", () => {
    const cases: [string, RegExp][] = [
      ["idade eq 'dez'", /Cannot compare idade \(Edm.Decimal\) with a text/],
      ["nome gt 3", /Cannot compare nome \(Edm.String\) with a number/],
      ["visita eq 2026-05-01T10:00:00Z", /Cannot compare visita \(Edm.Date\) with a DateTimeOffset/],
      ["ativo eq 1", /Cannot compare ativo \(Edm.Boolean\) with a number/],
      ["idade", /\$filter takes conditions, and idade \(Edm.Decimal\) is not one/],
      ["nome and ativo", /and takes conditions/],
      ["contains(idade,'1')", /contains takes a text, not idade/],
      ["year(nome) eq 1", /year takes a date or a DateTimeOffset/],
      ["hour(visita) eq 1", /hour takes a DateTimeOffset/],
      ["contains(nome)", /contains takes 2 arguments/],
      ["substring(nome)", /substring takes 2 or 3 arguments/],
      ["now(1) gt __createdAt", /now\(\) takes no argument/],
      ["idade gt null", /Only eq and ne compare with null/],
      ["nope eq 1", /No property named nope/],
      ["frobnicate(nome)", /Unknown function frobnicate/],
      ["visita eq 2026-02-30", /not a date/],
      ["inicio eq 2026-05-01T24:00:00Z", /not a DateTimeOffset/],
      ["idade eq 1e999", /out of range/],
    ];
    for (const [text, message] of cases) {
      const result = refusal(() => filter(text));
      expect(result, text).toMatchObject({ code: "VALIDATION_FAILED", target: "$filter" });
      expect(result?.message, text).toMatch(message);
    }
  });

  it("answers 501 for properties and functions the feed cannot read", () => {
    for (const text of [
      "local eq null",
      "foto eq 'x'",
      "contains(__reviewState,'A')",
      "__reviewState gt 'A'",
      "__reviewState eq nome",
      "geo.distance(local, local) lt 10",
      "time(inicio) eq 10:00",
      "fractionalseconds(inicio) eq 0",
    ]) {
      expect(
        refusal(() => filter(text)),
        text,
      ).toMatchObject({ code: "NOT_IMPLEMENTED", target: "$filter" });
    }
  });
});

describe("parseOrderBy", () => {
  it("reads several keys with their direction", () => {
    expect(parseOrderBy("idade desc, nome, __createdAt asc", PROPERTIES)).toEqual([
      { expression: { kind: "answer", fieldId: "f-idade", read: "number" }, type: "number", descending: true },
      { expression: { kind: "answer", fieldId: "f-nome", read: "string" }, type: "string", descending: false },
      { expression: { kind: "column", column: "created_at" }, type: "instant", descending: false },
    ]);
    expect(parseOrderBy("year(visita) DESC", PROPERTIES)[0]?.descending).toBe(true);
  });

  it("refuses what cannot be sorted on", () => {
    expect(refusal(() => parseOrderBy("", PROPERTIES))).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refusal(() => parseOrderBy("idade up", PROPERTIES))).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refusal(() => parseOrderBy("idade,", PROPERTIES))).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refusal(() => parseOrderBy("nope", PROPERTIES))).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(refusal(() => parseOrderBy(Array(9).fill("idade").join(","), PROPERTIES))?.message).toMatch(/at most 8/);
    expect(refusal(() => parseOrderBy("__reviewState", PROPERTIES))).toMatchObject({ code: "NOT_IMPLEMENTED" });
    expect(refusal(() => parseOrderBy("local", PROPERTIES))).toMatchObject({ code: "NOT_IMPLEMENTED" });
  });
});
