import { describe, expect, it } from "vitest";
import { applicationFormSchema, type ApplicationFormInput } from "../../../shared/fields/field-config.ts";
import { buildXlsx } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { parseRangeParameters } from "./xlsform-question-types.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

/** One field of each issue-24 type, with the settings each carries. */
const QUESTION_TYPES: ApplicationFormInput = {
  name: "Tipos de pergunta",
  fields: [
    { fieldType: "metadata", name: "start", label: "start", position: 0, config: { kind: "start" } },
    { fieldType: "metadata", name: "end", label: "end", position: 1, config: { kind: "end" } },
    { fieldType: "metadata", name: "today", label: "today", position: 2, config: { kind: "today" } },
    { fieldType: "metadata", name: "deviceid", label: "deviceid", position: 3, config: { kind: "deviceid" } },
    { fieldType: "metadata", name: "username", label: "username", position: 4, config: { kind: "username" } },
    { fieldType: "metadata", name: "email", label: "email", position: 5, config: { kind: "email" } },
    { fieldType: "metadata", name: "audit", label: "audit", position: 6, config: { kind: "audit" } },
    { fieldType: "datetime", name: "visit", label: "Visita", position: 7, config: { required: true } },
    {
      fieldType: "range",
      name: "score",
      label: "Nota",
      position: 8,
      config: { start: 0, end: 10, step: 0.5, constraint: ". != 3" },
    },
    {
      fieldType: "range",
      name: "stars",
      label: "Estrelas",
      position: 9,
      config: { start: 1, end: 5, style: "rating" },
    },
    {
      fieldType: "range",
      name: "agree",
      label: "Concorda",
      position: 10,
      config: { start: 1, end: 7, style: "likert" },
    },
    {
      fieldType: "rank",
      name: "priorities",
      label: "Prioridades",
      position: 11,
      config: { options: ["Água", "Saúde", "Escola"], required: true },
    },
    { fieldType: "acknowledge", name: "consent", label: "Concordo", position: 12, config: { required: true } },
    { fieldType: "hidden", name: "campaign", label: "campaign", position: 13, config: { defaultValue: "'2026-A'" } },
    { fieldType: "barcode", name: "tag", label: "Etiqueta", position: 14, config: {} },
    { fieldType: "number", name: "count", label: "Quantidade", position: 15, config: { format: "integer" } },
    { fieldType: "number", name: "weight", label: "Peso", position: 16, config: { format: "decimal" } },
  ],
};

async function reimport(book: Buffer) {
  const result = importXlsForm(await readXlsFormBook(book), "fallback");
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.form;
}

describe("issue 24's question types in XLSForm", () => {
  it("export as XLSForm's own types and columns", () => {
    const form = applicationFormSchema.parse(QUESTION_TYPES);
    const survey = xlsFormSheets({ ...form, formVersion: 1 })[0]?.rows ?? [];
    const cells = (name: string) => survey.find((row) => row.name === name);
    expect(survey.slice(0, 7).map((row) => row.type)).toEqual([
      "start",
      "end",
      "today",
      "deviceid",
      "username",
      "email",
      "audit",
    ]);
    expect(cells("visit")).toMatchObject({ type: "dateTime", required: "yes" });
    expect(cells("score")).toMatchObject({ type: "range", parameters: "start=0 end=10 step=0.5", appearance: "" });
    expect(cells("stars")).toMatchObject({ parameters: "start=1 end=5 step=1", appearance: "rating" });
    expect(cells("agree")).toMatchObject({ appearance: "likert" });
    expect(cells("priorities")).toMatchObject({ type: "rank priorities" });
    expect(cells("consent")).toMatchObject({ type: "acknowledge" });
    expect(cells("campaign")).toMatchObject({ type: "hidden", default: "2026-A" });
    expect(cells("tag")).toMatchObject({ type: "barcode" });
    expect([cells("count")?.type, cells("weight")?.type]).toEqual(["integer", "decimal"]);
  });

  it("come back unchanged from their own export", async () => {
    const form = applicationFormSchema.parse(QUESTION_TYPES);
    const again = await reimport(await exportXlsForm({ ...form, formVersion: 1 }));
    expect(again.fields.map(({ fieldType, name, config }) => ({ fieldType, name, config }))).toEqual(
      form.fields.map(({ fieldType, name, config }) => ({ fieldType, name, config })),
    );
  });

  it("import an ODK form's range parameters and appearances, rank lists and metadata", async () => {
    const form = await reimport(
      await buildXlsx({
        survey: [
          ["type", "name", "label", "parameters", "appearance"],
          ["start", "start", null, null, null],
          ["range", "r", "R", "start=10 end=0 step=2", null],
          ["range", "s", "S", "start=1;end=5", "rating"],
          ["rank l", "k2", "K", null, null],
          ["end", "end", null, null, null],
        ],
        choices: [
          ["list_name", "name", "label"],
          ["l", "a", "A"],
          ["l", "b", "B"],
        ],
      }),
    );
    expect(form.fields.map((field) => [field.name, field.fieldType, field.config])).toEqual([
      ["start", "metadata", { kind: "start" }],
      ["r", "range", { required: false, start: 10, end: 0, step: 2, style: "slider" }],
      ["s", "range", { required: false, start: 1, end: 5, step: 1, style: "rating" }],
      ["k2", "rank", { required: false, options: ["A", "B"] }],
      ["end", "metadata", { kind: "end" }],
    ]);
  });

  it("report range parameters they cannot read, and a rank without its list, at their cells", async () => {
    const result = importXlsForm(
      await readXlsFormBook(
        await buildXlsx({
          survey: [
            ["type", "name", "label", "parameters"],
            ["range", "r", "R", "start=a end=5"],
            ["range", "z", "Z", "start=1 end=1"],
          ],
        }),
      ),
      "fallback",
    );
    expect(result.ok ? [] : result.issues).toEqual([
      { sheet: "survey", row: 2, column: "parameters", key: "xlsform:issues.invalidParameters" },
    ]);
    const noList = importXlsForm(
      await readXlsFormBook(
        await buildXlsx({
          survey: [
            ["type", "name", "label"],
            ["rank", "k", "K"],
          ],
        }),
      ),
      "fallback",
    );
    expect(noList.ok ? [] : noList.issues).toEqual([
      { sheet: "survey", row: 2, column: "type", key: "xlsform:issues.missingListName", params: { type: "rank" } },
    ]);
  });

  it("read parameters as pyxform writes them, XLSForm's defaults filling the gaps", () => {
    expect(parseRangeParameters("start=1 end=10 step=1")).toEqual({ start: 1, end: 10, step: 1 });
    expect(parseRangeParameters("step=0.5")).toEqual({ start: 1, end: 10, step: 0.5 });
    expect(parseRangeParameters("start=-5, end=5")).toEqual({ start: -5, end: 5, step: 1 });
    expect(parseRangeParameters("")).toEqual({ start: 1, end: 10, step: 1 });
    expect(parseRangeParameters("begin=1")).toBeNull();
    expect(parseRangeParameters("start=")).toBeNull();
  });
});
