import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
  "hotosm-field-tm/entities_registration.xls": {
    keys: ["expressions:argumentCount"],
    reason:
      "the entities sheet's label calls if() with two arguments (`if(${status} = 'mapped', \"✅\")`), which " +
      "javarosa refuses too (if() takes three); its osm-fieldwork twin, whose if() has three, imports",
  },
  "medic-cht-core/large_cha.xlsx": {
    keys: ["expressions:currentOutsideConstraint", "expressions:cycle"],
    reason:
      "a CHT (Enketo) form: the `inputs` group's relevant reads its own child (`./source`) and calculations are `.`, " +
      "both cycles that ODK refuses too (javarosa's TriggerableDag: 'Cycle detected in form's relevant and " +
      "calculation logic')",
  },
  "pyxform/bad_calc.xlsx": {
    keys: ["unexpectedCharacter", "unsupportedPath"],
    reason: "a calculation of prose: pyxform passes it unchecked, ODK Validate refuses it too",
  },
  "pyxform/case_insensitivity.xlsx": {
    keys: ["unsupportedPath"],
    reason:
      "a test of header case only: its entities sheet labels entities by `l1`, a path to no question, so every " +
      "entity ODK Central would create has an empty label and is refused",
  },
  "pyxform/or_other.xlsx": {
    keys: ["expressions:unknownOptionProperty"],
    reason: "choice_filter `pastel=yes`: `yes` is a path to no field (pyxform's own test of a bad filter)",
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
  const files = corpusFiles();
  const refused = new Set<string>();

  afterAll(() => {
    const imported = files.length - refused.size;
    console.info(
      `XLSForm corpus: ${imported} of ${files.length} import (${Math.round((imported / files.length) * 100)} %)`,
    );
  });

  // One test a file: each has its own time budget, and a change names the forms it makes import or refuses.
  it.each(files)(
    "%s imports, or is refused for its listed reasons only",
    async (path) => {
      const keys = await refusalKeys(path);
      if (keys.length > 0) refused.add(path);
      expect(keys).toEqual(EXPECTED_REFUSALS[path]?.keys ?? []);
      // The largest workbooks take seconds alone, many times that on a loaded machine.
    },
    120_000,
  );

  it("reads the entities of the forms that create and update entity lists", async () => {
    const parsed = async (path: string) => {
      const result = await parseUploadedXlsForm({ bytes: readFileSync(join(CORPUS, path)), fileName: path });
      if (!result.ok) throw new Error(path);
      return result;
    };
    const registration = await parsed("hotosm-osm-fieldwork/entities_registration.xls");
    expect(registration.entities).toMatchObject({ listName: "features", action: { kind: "create" } });
    const followUp = await parsed("hotosm-field-tm/merged_xlsform.xlsx");
    expect(followUp.entities).toMatchObject({
      listName: "features",
      action: { kind: "update", entityField: "feature", saves: { status: "status", marker_color: "marker_color" } },
    });
    expect(followUp.form.fields.find((field) => field.name === "feature")?.fieldType).toBe("entity");
  });

  it("lists refusals of files it holds only", () => {
    expect(files).toEqual(expect.arrayContaining(Object.keys(EXPECTED_REFUSALS)));
  });

  it("holds small files only, each source with its licence", () => {
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
