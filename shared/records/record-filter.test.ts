import { describe, expect, it } from "vitest";
import { activeFilterCount, isEmptyFilter, parseRecordFilter, recordFilterParams } from "./record-filter.ts";

const FIELD = "0b6f2d1e-8c4a-4f3b-9e2d-7a1c5b3d9e0f";
const USER = "1c2d3e4f-8c4a-4f3b-9e2d-7a1c5b3d9e0f";

describe("record filter", () => {
  it("reads every condition and writes it back in a stable order", () => {
    const params = new URLSearchParams(
      `tab=map&q=%C3%A1gua&to=2025-05-31&from=2025-05-01T03:00:00.000Z&submitter=${USER}&f.${FIELD}.max=9&f.${FIELD}.min=1`,
    );
    const parsed = parseRecordFilter(params);
    expect(parsed).toEqual({
      ok: true,
      filter: {
        q: "água",
        to: "2025-05-31",
        from: "2025-05-01T03:00:00.000Z",
        submitter: USER,
        fields: { [FIELD]: { kind: "range", min: 1, max: 9 } },
      },
    });
    if (!parsed.ok) return;
    expect(recordFilterParams(parsed.filter).toString()).toBe(
      `from=2025-05-01T03%3A00%3A00.000Z&to=2025-05-31&submitter=${USER}&q=%C3%A1gua&f.${FIELD}.min=1&f.${FIELD}.max=9`,
    );
  });

  it("ignores empty values and parameters it does not own", () => {
    const parsed = parseRecordFilter(new URLSearchParams(`q=&from=&cursor=abc&f.${FIELD}=`));
    expect(parsed.ok && isEmptyFilter(parsed.filter)).toBe(true);
  });

  it("reports each malformed parameter", () => {
    const parsed = parseRecordFilter(
      new URLSearchParams(`from=01/05/2025&submitter=ana&f.nope=1&f.${FIELD}.min=x&q=${"a".repeat(201)}`),
    );
    expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.param)).toEqual([
      "from",
      "submitter",
      "f.nope",
      `f.${FIELD}.min`,
      "q",
    ]);
  });

  it("reads a review state, and refuses a state that does not exist", () => {
    const parsed = parseRecordFilter(new URLSearchParams("review=has_issues&q=poço"));
    expect(parsed).toEqual({ ok: true, filter: { q: "poço", review: "has_issues", fields: {} } });
    if (parsed.ok) expect(recordFilterParams(parsed.filter).toString()).toBe("q=po%C3%A7o&review=has_issues");
    const bad = parseRecordFilter(new URLSearchParams("review=pending"));
    expect(bad.ok ? [] : bad.issues.map((issue) => issue.param)).toEqual(["review"]);
  });

  it("refuses days that do not exist, bare or inside an instant", () => {
    for (const bad of ["2020-13-45", "2020-02-31", "2021-02-29T10:00:00Z", "2020-00-10"]) {
      const parsed = parseRecordFilter(new URLSearchParams({ from: bad, to: bad }));
      expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.param), bad).toEqual(["from", "to"]);
    }
    expect(parseRecordFilter(new URLSearchParams({ from: "2024-02-29", to: "2024-02-29T23:59:59-03:00" })).ok).toBe(
      true,
    );
  });
});

describe("activeFilterCount", () => {
  it("counts each filter set once, a number range included", () => {
    expect(activeFilterCount({ fields: {} })).toBe(0);
    expect(
      activeFilterCount({
        q: "ipê",
        from: "2025-01-01",
        review: "approved",
        fields: { a: { kind: "range", min: 1, max: 5 }, b: { kind: "equals", value: "Azul" } },
      }),
    ).toBe(5);
  });
});
