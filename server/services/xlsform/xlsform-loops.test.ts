import { describe, expect, it } from "vitest";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";

async function importSheets(sheets: Record<string, SheetCells>): Promise<XlsFormImport> {
  return importXlsForm(await readXlsFormBook(await buildXlsx(sheets)), "Loops");
}

const TOILETS: SheetCells = [
  ["list_name", "name", "label::English (en)", "label::Português (pt)"],
  ["toilet_type", "pit", "Pit latrine", "Fossa"],
  ["toilet_type", "flush", "Flush toilet", "Descarga"],
];

describe("begin loop over a list", () => {
  it("becomes a section holding one section per option, `%(label)s` and `%(name)s` filled in each language", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label::English (en)", "label::Português (pt)", "relevant"],
        ["begin loop over toilet_type", "toilets", "Toilets", "Banheiros", null],
        ["integer", "number", "How many %(label)s?", "Quantas %(label)s?", null],
        ["text", "photo_%(name)s", "Where are the %(label)s?", "Onde?", "${number} > 0"],
        ["end loop", null, null, null, null],
        ["integer", "number_pit", "A name the loop would take", "Outro", null],
      ],
      choices: TOILETS,
      settings: [["default_language"], ["English (en)"]],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.form.fields.map((field) => [field.name, field.fieldType, field.parentName, field.label])).toEqual([
      ["toilets", "section", null, "Toilets"],
      ["toilets_pit", "section", "toilets", "Pit latrine"],
      ["number_pit_2", "number", "toilets_pit", "How many Pit latrine?"],
      ["photo_pit", "text", "toilets_pit", "Where are the Pit latrine?"],
      ["toilets_flush", "section", "toilets", "Flush toilet"],
      ["number_flush", "number", "toilets_flush", "How many Flush toilet?"],
      ["photo_flush", "text", "toilets_flush", "Where are the Flush toilet?"],
      ["number_pit", "number", null, "A name the loop would take"],
    ]);
    const field = (name: string) => result.form.fields.find((candidate) => candidate.name === name);
    // Each copy reads its own option's questions.
    expect(field("photo_pit")?.config).toMatchObject({ relevant: "${number_pit_2} > 0" });
    expect(field("photo_flush")?.config).toMatchObject({ relevant: "${number_flush} > 0" });
    expect(field("toilets_pit")?.config).toMatchObject({ translations: { "pt-BR": { label: "Fossa" } } });
    expect(field("number_flush")?.config).toMatchObject({ translations: { "pt-BR": { label: "Quantas Descarga?" } } });
  });

  it("expands a loop inside a loop", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["begin loop over sides", "outer", "Outer"],
        ["begin loop over toilet_type", "inner", "%(label)s"],
        ["integer", "n", "N"],
        ["end loop", null, null],
        ["end loop", null, null],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["sides", "left", "Left"],
        ["sides", "right", "Right"],
        ["toilet_type", "pit", "Pit"],
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.form.fields.filter((field) => field.fieldType === "number").map((field) => field.name)).toEqual([
      "n_pit_left",
      "n_pit_right",
    ]);
    expect(result.form.fields.find((field) => field.name === "inner_left")?.label).toBe("Left");
  });

  it("refuses loops that would expand past a form's fields at the loop's row, before expanding them", async () => {
    const many = Array.from({ length: 100 }, (_, index) => ["many", `o${index}`, `Option ${index}`]);
    const result = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["begin loop over many", "outer", "Outer"],
        ["begin loop over many", "inner", "Inner"],
        ["integer", "count", "How many %(label)s?"],
        ["end loop", null, null],
        ["end loop", null, null],
      ],
      choices: [["list_name", "name", "label"], ...many],
    });
    expect(result.ok ? [] : result.issues).toEqual([
      { sheet: "survey", row: 2, column: "type", key: "xlsform:issues.loopTooLarge", params: { max: "1000" } },
    ]);
  });

  it("reports a loop over a list the form lacks, and a loop never ended, at their rows", async () => {
    expect(
      await importSheets({
        survey: [
          ["type", "name", "label"],
          ["begin loop over nowhere", "l", "L"],
          ["integer", "n", "N"],
          ["end loop", null, null],
          ["begin loop over toilet_type", "open", "Open"],
        ],
        choices: TOILETS,
      }),
    ).toEqual({
      ok: false,
      issues: [
        { sheet: "survey", row: 2, column: "type", key: "xlsform:issues.unknownList", params: { list: "nowhere" } },
        { sheet: "survey", row: 5, column: "type", key: "xlsform:issues.unclosedGroup", params: { name: "open" } },
      ],
    });
  });
});
