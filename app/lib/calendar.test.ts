import { describe, expect, it } from "vitest";
import { formatTypedDate, monthGrid, parseTypedDate, weekStartFor, weekdayLabels, yearPage } from "./calendar.ts";

describe("calendar", () => {
  it("starts the week on Sunday in pt-BR and en, Monday in es", () => {
    expect(weekStartFor("pt-BR")).toBe(0);
    expect(weekStartFor("en")).toBe(0);
    expect(weekStartFor("es")).toBe(1);
  });

  it("pages years by ten between 1900 and 2100", () => {
    expect(yearPage(2024)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029]);
    expect(yearPage(1900)[0]).toBe(1900);
    expect(yearPage(1850)[0]).toBe(1900);
    expect(yearPage(2100)).toEqual([2100]);
    expect(yearPage(2300)).toEqual([2100]);
  });

  it("lays out a month from the week start", () => {
    // March 2024 begins on a Friday.
    const sunday = monthGrid(2024, 2, 0);
    expect(sunday[0]?.[0]).toEqual({ iso: "2024-02-25", day: 25, inMonth: false });
    expect(sunday[0]?.[5]).toEqual({ iso: "2024-03-01", day: 1, inMonth: true });
    const monday = monthGrid(2024, 2, 1);
    expect(monday[0]?.[4]?.iso).toBe("2024-03-01");
    expect(monday.flat().filter((day) => day.inMonth)).toHaveLength(31);
    expect(monday.every((week) => week.length === 7)).toBe(true);
  });

  it("names weekdays in display order", () => {
    expect(weekdayLabels("es", 1)[0]?.toLowerCase()).toMatch(/^lu/);
    expect(weekdayLabels("pt-BR", 0)[0]?.toLowerCase()).toMatch(/^dom/);
  });

  it("reads typed dates in the language's order", () => {
    expect(parseTypedDate("15/03/2024", "pt-BR")).toBe("2024-03-15");
    expect(parseTypedDate("3/15/2024", "en")).toBe("2024-03-15");
    expect(parseTypedDate("15-3-2024", "es")).toBe("2024-03-15");
    expect(parseTypedDate("2024-03-15", "en")).toBe("2024-03-15");
    expect(parseTypedDate("15/03/1899", "pt-BR")).toBeNull();
    expect(parseTypedDate("15/13/2024", "pt-BR")).toBeNull();
    expect(parseTypedDate("amanhã", "pt-BR")).toBeNull();
  });

  it("writes dates in the language's order", () => {
    expect(formatTypedDate("2024-03-15", "pt-BR")).toBe("15/03/2024");
    expect(formatTypedDate("2024-03-15", "en")).toBe("03/15/2024");
  });
});
