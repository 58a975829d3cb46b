import { describe, expect, it } from "vitest";
import { validateAnswer } from "./answer-validation.ts";
import { designedFieldSchema, type ValidatableField } from "./field-config.ts";
import { isValidDateTime, rangeStops, toLocalDay, toOffsetDateTime, wallClockOf } from "./question-types.ts";

function field(input: { fieldType: string; config?: Record<string, unknown> }): ValidatableField {
  return { id: "f", ...designedFieldSchema.parse({ label: "Q", position: 0, config: {}, ...input }) };
}

const keyOf = (target: ValidatableField, value: unknown) => validateAnswer(target, value)?.key ?? null;

describe("datetime", () => {
  const datetime = field({ fieldType: "datetime" });
  it.each(["2026-11-27T10:30:00.000-03:00", "2026-11-27T10:30-03:00", "2026-11-27T13:30:00Z"])("accepts %s", (value) =>
    expect(keyOf(datetime, value)).toBeNull(),
  );
  it.each(["2026-11-27T10:30:00", "2026-02-30T10:00:00Z", "2026-11-27", "27/11/2026 10:30", "2026-11-27T24:00Z"])(
    "rejects %s",
    (value) => expect(keyOf(datetime, value)).toBe("invalidDateTime"),
  );
  it("writes the device's wall clock with its offset, as ODK does", () => {
    const written = toOffsetDateTime(new Date(2026, 10, 27, 10, 30, 5, 7));
    expect(isValidDateTime(written)).toBe(true);
    expect(written.slice(0, 23)).toBe("2026-11-27T10:30:05.007");
    expect(new Date(written).getTime()).toBe(new Date(2026, 10, 27, 10, 30, 5, 7).getTime());
    expect(wallClockOf(written)).toBe("2026-11-27T10:30");
    expect(toLocalDay(new Date(2026, 0, 2, 23, 59))).toBe("2026-01-02");
  });
});

describe("range", () => {
  const range = field({ fieldType: "range", config: { start: 0, end: 1, step: 0.1 } });
  it("accepts values on a step, floating point notwithstanding", () => {
    for (const value of [0, 0.1, 0.3, 0.7, 1]) expect(keyOf(range, value)).toBeNull();
  });
  it("rejects values off the scale or between its steps, and non-numbers", () => {
    expect(validateAnswer(range, 1.1)).toEqual({ key: "rangeOutside", params: { min: 0, max: 1 } });
    expect(keyOf(range, -0.1)).toBe("rangeOutside");
    expect(keyOf(range, 0.15)).toBe("rangeOffStep");
    expect(keyOf(range, "0.5")).toBe("invalidNumber");
  });
  it("counts down when start is above end", () => {
    const down = field({ fieldType: "range", config: { start: 10, end: 0, step: 5 } });
    expect(rangeStops(down.config as { start: number; end: number; step: number })).toEqual([10, 5, 0]);
    expect(keyOf(down, 5)).toBeNull();
    expect(keyOf(down, 4)).toBe("rangeOffStep");
  });
  it("takes XLSForm's defaults and refuses an empty or endless scale", () => {
    expect(field({ fieldType: "range" }).config).toMatchObject({ start: 1, end: 10, step: 1, style: "slider" });
    expect(
      designedFieldSchema.safeParse({ fieldType: "range", label: "R", position: 0, config: { start: 2, end: 2 } })
        .success,
    ).toBe(false);
    expect(
      designedFieldSchema.safeParse({ fieldType: "range", label: "R", position: 0, config: { step: 0 } }).success,
    ).toBe(false);
    expect(
      designedFieldSchema.safeParse({ fieldType: "range", label: "R", position: 0, config: { end: 1e9 } }).success,
    ).toBe(false);
  });
});

describe("rank", () => {
  const rank = field({ fieldType: "rank", config: { options: ["A", "B", "C"] } });
  it("accepts every option once, in any order", () => {
    expect(keyOf(rank, ["C", "A", "B"])).toBeNull();
  });
  it.each([[["A", "B"]], [["A", "B", "B"]], [["A", "B", "D"]], ["A"], [[1, 2, 3]]])("rejects %j", (value) =>
    expect(keyOf(rank, value)).toBe("invalidRank"),
  );
  it("ranks the offered subset when a choice filter narrows the list", () => {
    const filtered = field({ fieldType: "rank", config: { options: ["A", "B", "C"], choiceFilter: "name != 'C'" } });
    expect(keyOf(filtered, ["B", "A"])).toBeNull();
  });
});

describe("acknowledge, barcode, hidden", () => {
  it("acknowledge is 'OK' or nothing", () => {
    const ack = field({ fieldType: "acknowledge", config: { required: true } });
    expect(keyOf(ack, "OK")).toBeNull();
    expect(keyOf(ack, true)).toBe("acknowledgeRequired");
    expect(keyOf(ack, undefined)).toBe("required");
  });
  it("barcode is text of bounded length", () => {
    const barcode = field({ fieldType: "barcode" });
    expect(keyOf(barcode, "7891234567895")).toBeNull();
    expect(keyOf(barcode, "x".repeat(5000))).toBe("invalidValue");
    expect(keyOf(barcode, 789)).toBe("invalidValue");
  });
  it("hidden holds a scalar its default computed, and never a required flag", () => {
    const hidden = field({ fieldType: "hidden", config: { required: true, defaultValue: "'x'" } });
    expect(hidden.config).not.toHaveProperty("required");
    expect(keyOf(hidden, undefined)).toBeNull();
    for (const value of ["x", 3, true]) expect(keyOf(hidden, value)).toBeNull();
    expect(keyOf(hidden, { a: 1 })).toBe("invalidValue");
  });
});

describe("metadata", () => {
  const meta = (kind: string) => field({ fieldType: "metadata", config: { kind } });
  it("needs a known kind", () => {
    expect(
      designedFieldSchema.safeParse({ fieldType: "metadata", label: "m", position: 0, config: { kind: "imei" } })
        .success,
    ).toBe(false);
  });
  it("checks each kind's shape", () => {
    expect(keyOf(meta("start"), "2026-11-27T10:30:00.000-03:00")).toBeNull();
    expect(keyOf(meta("end"), "yesterday")).toBe("invalidDateTime");
    expect(keyOf(meta("today"), "2026-11-27")).toBeNull();
    expect(keyOf(meta("today"), "2026-11-31")).toBe("invalidDate");
    expect(keyOf(meta("deviceid"), "campo:1234")).toBeNull();
    expect(keyOf(meta("username"), 3)).toBe("invalidValue");
    expect(keyOf(meta("audit"), { f1: 1200, f2: 0 })).toBeNull();
    expect(keyOf(meta("audit"), { f1: -1 })).toBe("invalidValue");
    expect(keyOf(meta("audit"), [1200])).toBe("invalidValue");
  });
});
