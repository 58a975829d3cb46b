import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { XlsFormInvalidDetails, XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseUploadedXlsForm } from "./import-application.ts";

/** Real-world XLSForms (test-support/xlsform-corpus/README.md lists where each comes from and its licence). */
const CORPUS = join(import.meta.dirname, "../../test-support/xlsform-corpus");

/**
 * Every file Campo refuses today, with the issue keys it is refused with and why. When a change makes one of them
 * import, or refuses another, this list is updated with it: the corpus is the measure of what teams can bring.
 */
const EXPECTED_REFUSALS: Readonly<Record<string, { keys: readonly string[]; reason: string }>> = {
  ...Object.fromEntries(
    [
      "hotosm-osm-fieldwork/amenities.xls",
      "hotosm-osm-fieldwork/cemeteries.xls",
      "hotosm-osm-fieldwork/education.xls",
      "hotosm-osm-fieldwork/entities_registration.xls",
      "hotosm-osm-fieldwork/health.xls",
      "hotosm-osm-fieldwork/highways.xls",
      "hotosm-osm-fieldwork/historical.xls",
      "hotosm-osm-fieldwork/landusage.xls",
      "hotosm-osm-fieldwork/nature.xls",
      "hotosm-osm-fieldwork/religious.xls",
      "hotosm-osm-fieldwork/toilets.xls",
      "hotosm-osm-fieldwork/transportation.xls",
      "hotosm-osm-fieldwork/wastedisposal.xls",
      "pyxform/cascading_select_test_equivalent.xls",
      "pyxform/default_time_demo.xls",
      "pyxform/gps.xls",
      "pyxform/hidden.xls",
      "pyxform/ict_survey_fails.xls",
      "pyxform/tutorial.xls",
      "pyxform/widgets.xls",
    ].map((path) => [path, { keys: ["unreadableFile"], reason: "an .xls (Excel 97) workbook" }]),
  ),
  "hotosm-osm-fieldwork/solidwaste.xlsx": {
    keys: ["unexpectedCharacter", "unmatchedEnd", "unsupportedPath", "unsupportedType"],
    reason: "metadata `end` read as end group; select_one_from_file; a typographic quote in relevant",
  },
  "hotosm-osm-fieldwork/waste_collection.xlsx": {
    keys: ["unexpectedCharacter", "unknownOption", "unmatchedEnd", "unsupportedPath", "unsupportedType"],
    reason: "metadata `end`; audio; a default naming no option of its list",
  },
  "pyxform/ODKValidateWarnings.xlsx": { keys: ["unsupportedType"], reason: "`phone number`, an older spelling" },
  "pyxform/UCL_Biomass_Plot_Form.xlsx": {
    keys: [
      "nestedGroup",
      "unexpectedCharacter",
      "unknownField",
      "unmatchedEnd",
      "unsupportedFunction",
      "unsupportedPath",
      "unsupportedRepeatCount",
      "unsupportedRequired",
      "unsupportedType",
    ],
    reason: "metadata `end`; select_one_from_file; nested groups; computed repeat_count; pulldata",
  },
  "pyxform/attribute_columns_test.xlsx": {
    keys: ["nestedGroup", "unmatchedEnd", "unsupportedType"],
    reason: "groups inside a repeat; barcode, audio, video, uri:deviceid",
  },
  "pyxform/bad_calc.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: "a calculation of prose: pyxform passes it unchecked, ODK Validate refuses it too",
  },
  "pyxform/case_insensitivity.xlsx": { keys: ["unsupportedType"], reason: "select_one_external and osm" },
  "pyxform/choice_filter_test.xlsx": {
    keys: ["fields:duplicateOption"],
    reason: "one label in two options of a filtered list (a city name in two states)",
  },
  "pyxform/extra_sheet_names.xlsx": { keys: ["missingColumn"], reason: "an empty choices sheet" },
  "pyxform/flat_xlsform_test.xlsx": {
    keys: ["nestedGroup", "unmatchedEnd", "unsupportedType"],
    reason: "groups inside a group; barcode, audio, video, uri:deviceid",
  },
  "pyxform/group.xlsx": { keys: ["unsupportedType"], reason: "`phone number`" },
  "pyxform/loop.xlsx": {
    keys: ["unmatchedEnd", "unsupportedType"],
    reason: "`begin loop` and `select all that apply from … or specify other`",
  },
  "pyxform/or_other.xlsx": { keys: ["unsupportedType"], reason: "or_other" },
  "pyxform/pull_data.xlsx": { keys: ["unsupportedFunction"], reason: "pulldata()" },
  "pyxform/specify_other.xlsx": { keys: ["unsupportedType"], reason: "`select one from … or specify other`" },
  "pyxform/survey_no_name.xlsx": {
    keys: ["missingSheet"],
    reason: "its only sheet is named Sheet1 (pyxform reads a lone sheet as the survey)",
  },
  "pyxform/xl_date_ambiguous.xlsx": { keys: ["expressions:syntax"], reason: "a default typed as an Excel date" },
  "pyxform/xlsform_spec_test.xlsx": {
    keys: ["nestedGroup", "unmatchedEnd", "unsupportedType"],
    reason: "groups inside a repeat; barcode, audio, video, uri:deviceid",
  },
  "pyxform/yes_or_no_question.xlsx": { keys: ["unsupportedType"], reason: "`select one from`, an older spelling" },
};

function corpusFiles(): string[] {
  return readdirSync(CORPUS, { recursive: true, encoding: "utf8" })
    .filter((path) => /\.xlsx?$/i.test(path))
    .sort();
}

/** The distinct issue keys an upload is refused with (none when it imports). */
async function refusalKeys(path: string): Promise<string[]> {
  let issues: readonly XlsFormIssue[];
  try {
    const result = await parseUploadedXlsForm({ bytes: readFileSync(join(CORPUS, path)), fileName: path });
    issues = result.ok ? [] : result.issues;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "XLSFORM_INVALID") throw error;
    issues = (error.details as XlsFormInvalidDetails).issues;
  }
  return [...new Set(issues.map((issue) => issue.key.replace(/^xlsform:issues\./, "")))].sort();
}

describe("the real-world XLSForm corpus", () => {
  it("imports every file but the listed refusals, each refused for its listed reasons", async () => {
    const files = corpusFiles();
    const refused: Record<string, readonly string[]> = {};
    for (const path of files) {
      const keys = await refusalKeys(path);
      if (keys.length > 0) refused[path] = keys;
    }
    const imported = files.length - Object.keys(refused).length;
    console.info(
      `XLSForm corpus: ${imported} of ${files.length} import (${Math.round((imported / files.length) * 100)} %)`,
    );
    const expected = Object.fromEntries(Object.entries(EXPECTED_REFUSALS).map(([path, { keys }]) => [path, keys]));
    expect(refused).toEqual(expected);
  });

  it("holds small files only, each source with its licence", () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const path of files) expect(readFileSync(join(CORPUS, path)).length, path).toBeLessThan(300 * 1024);
    const sources = new Set(files.map((path) => path.split(/[\\/]/)[0]));
    for (const source of sources)
      expect(
        readdirSync(join(CORPUS, source ?? "")).some((name) => /^LICEN[CS]E/i.test(name)),
        source,
      ).toBe(true);
  });
});
