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
const HOT_QUOTES = "typographic quotes (’ “) around texts in relevant and calculation, refused by ODK Validate too";
const HOT_INSTANCE = "instance('…')/root/item[…] lookups (Campo reads pulldata and select_from_file)";

const EXPECTED_REFUSALS: Readonly<Record<string, { keys: readonly string[]; reason: string }>> = {
  ...Object.fromEntries(
    ["amenities", "cemeteries", "religious"].map((name) => [
      `hotosm-osm-fieldwork/${name}.xls`,
      {
        keys: ["unexpectedCharacter", "unsupportedFunction", "unsupportedPath"],
        reason: `${HOT_QUOTES}; ${HOT_INSTANCE}`,
      },
    ]),
  ),
  ...Object.fromEntries(
    ["education", "health", "historical", "landusage", "nature", "wastedisposal"].map((name) => [
      `hotosm-osm-fieldwork/${name}.xls`,
      {
        keys: ["unexpectedCharacter", "unsupportedFunction", "unsupportedPath"],
        reason: `${HOT_QUOTES}; ${HOT_INSTANCE}`,
      },
    ]),
  ),
  "hotosm-osm-fieldwork/highways.xls": {
    keys: ["unexpectedCharacter", "unsupportedFunction", "unsupportedPath", "unsupportedType"],
    reason: `${HOT_QUOTES}; ${HOT_INSTANCE}; geotrace`,
  },
  "hotosm-osm-fieldwork/toilets.xls": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: HOT_QUOTES,
  },
  "hotosm-osm-fieldwork/transportation.xls": {
    keys: ["unexpectedCharacter", "unsupportedPath", "unsupportedType"],
    reason: `${HOT_QUOTES}; geotrace`,
  },
  "hotosm-osm-fieldwork/solidwaste.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: HOT_QUOTES,
  },
  "hotosm-osm-fieldwork/waste_collection.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: HOT_QUOTES,
  },
  "pyxform/UCL_Biomass_Plot_Form.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedFunction", "unsupportedPath", "unsupportedRequired"],
    reason: "typographic quotes in relevant; div, sqrt, cos in calculations; a required that is an expression",
  },
  ...Object.fromEntries(
    ["attribute_columns_test", "flat_xlsform_test", "xlsform_spec_test"].map((name) => [
      `pyxform/${name}.xlsx`,
      { keys: ["fields:invalidFieldName"], reason: "names with a hyphen (label-test), which Campo's names exclude" },
    ]),
  ),
  "pyxform/bad_calc.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: "a calculation of prose: pyxform passes it unchecked, ODK Validate refuses it too",
  },
  "pyxform/case_insensitivity.xlsx": { keys: ["unsupportedType"], reason: "select_one_external and osm" },
  "pyxform/choice_filter_test.xlsx": {
    keys: ["fields:duplicateOption"],
    reason:
      "one label in two options of a filtered list (a city name in two states): options, their answers and " +
      "their filter properties are keyed by label, so two options of one label cannot be told apart",
  },
  "pyxform/loop.xlsx": { keys: ["unmatchedEnd", "unsupportedType"], reason: "`begin loop over`, a repeat per option" },
  "pyxform/or_other.xlsx": {
    keys: ["expressions:unknownOptionProperty"],
    reason: "choice_filter `pastel=yes`: `yes` is a path to no field (pyxform's own test of a bad filter)",
  },
  "pyxform/tutorial.xls": { keys: ["fields:optionTooLong"], reason: "an option label over 200 characters" },
  "pyxform/widgets.xls": {
    keys: ["unsupportedDefault"],
    reason: "a select_multiple default (`a c`) of options whose labels hold spaces, which Campo's default splits at",
  },
  "pyxform/xl_date_ambiguous.xlsx": {
    keys: ["expressions:syntax"],
    reason: "choice_filter `label::English != ''`, a column name where a path belongs",
  },
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
