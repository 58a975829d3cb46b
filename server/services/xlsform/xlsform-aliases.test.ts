import { describe, expect, it } from "vitest";
import { canonicalType, columnKey } from "./xlsform-aliases.ts";

describe("canonicalType", () => {
  it("keeps the list name's case and an or_other suffix when it spells a select out", () => {
    expect(canonicalType("select one from Regions")).toBe("select_one Regions");
    expect(canonicalType("Select Multiple from crops or_other")).toBe("select_multiple crops or_other");
    expect(canonicalType("select_one_from_file cities.csv")).toBe("select_one_from_file cities.csv");
    expect(canonicalType("select one from file cities.csv")).toBe("select_one_from_file cities.csv");
    expect(canonicalType("begin_group")).toBe("begin_group");
    expect(canonicalType("select one from sexes or specify other")).toBe("select_one sexes or_other");
  });
});

describe("columnKey", () => {
  it.each([
    ["list name", "list_name"],
    ["Caption::English (en)", "label::english (en)"],
    ["bind::jr:constraintMsg", "constraint_message"],
    ["bind:jr:constraintMsg", "constraint_message"],
    ["label:English", "label::english"],
    ["media::image::Español (es)", "image::español (es)"],
    ["jr:count", "repeat_count"],
    ["Required Message", "required_message"],
  ])("%s → %s", (header, key) => {
    expect(columnKey(header)).toBe(key);
  });
});
