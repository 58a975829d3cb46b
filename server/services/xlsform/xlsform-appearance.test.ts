import { describe, expect, it } from "vitest";
import { applicationFormSchema, type ApplicationFormInput } from "../../../shared/fields/field-config.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

/** Every appearance Campo draws, an unknown one, or_other, randomize and texts in three languages. */
const APPEARANCES: ApplicationFormInput = {
  name: "Aparências",
  sectionPages: true,
  language: "pt-BR",
  fields: [
    { fieldType: "section", name: "page_one", label: "Página", position: 0, config: {} },
    {
      fieldType: "single_choice",
      name: "crop",
      label: "Cultura",
      parentName: "page_one",
      position: 1,
      config: {
        options: ["Milho", "Soja"],
        appearance: "minimal",
        orOther: true,
        translations: {
          en: { label: "Crop", options: { Milho: "Maize", Soja: "Soy" } },
          es: { label: "Cultivo", options: { Milho: "Maíz" } },
        },
      },
    },
    {
      fieldType: "text",
      name: "crop_other",
      label: "Especifique outro",
      parentName: "page_one",
      position: 2,
      config: {
        relevant: "${crop} = 'other'",
        translations: { en: { label: "Specify other" }, es: { label: "Especifique otro" } },
      },
    },
    {
      fieldType: "single_choice",
      name: "quick_pick",
      label: "Rápida",
      position: 3,
      config: { options: ["A", "B"], appearance: "quick", randomize: true, randomSeed: "household" },
    },
    { fieldType: "text", name: "household", label: "Domicílio", position: 4, config: { appearance: "numbers" } },
    { fieldType: "text", name: "story", label: "História", position: 5, config: { format: "textarea" } },
    {
      fieldType: "single_choice",
      name: "agree",
      label: "Concorda",
      position: 6,
      config: { options: ["Sim", "Não"], appearance: "likert", randomize: true },
    },
    {
      fieldType: "multiple_choice",
      name: "tools",
      label: "Ferramentas",
      position: 7,
      config: { options: ["Enxada", "Trator"], appearance: "columns-3 search", randomize: true, randomSeed: "7" },
    },
    {
      fieldType: "single_choice",
      name: "layout",
      label: "Layout",
      position: 8,
      config: { options: ["X", "Y"], appearance: "horizontal-compact w3 my-own-word" },
    },
    { fieldType: "date", name: "born", label: "Nascimento", position: 9, config: { appearance: "month-year" } },
    { fieldType: "date", name: "built", label: "Construção", position: 10, config: { appearance: "year" } },
    { fieldType: "date", name: "seen", label: "Visto", position: 11, config: { appearance: "no-calendar" } },
  ],
};

async function exportImport(input: ApplicationFormInput) {
  const form = applicationFormSchema.parse(input);
  return { form, back: importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "x") };
}

describe("XLSForm appearances", () => {
  it("come back unchanged through export and import, unknown words included", async () => {
    const { form, back } = await exportImport(APPEARANCES);
    expect(back).toEqual({ ok: true, form });
  });

  it("are written as ODK reads them: appearance, or_other, parameters, option labels per language", () => {
    const form = applicationFormSchema.parse(APPEARANCES);
    const [survey, choices, settings] = xlsFormSheets({ ...form, formVersion: 1 });
    const row = (name: string) => survey?.rows.find((item) => item.name === name);
    expect(row("page_one")).toMatchObject({ type: "begin group", appearance: "field-list" });
    expect(row("crop")).toMatchObject({ type: "select_one crop or_other", appearance: "minimal" });
    // pyxform makes `crop_other` itself: a row of that name would be a duplicate there.
    expect(row("crop_other")).toBeUndefined();
    expect(row("quick_pick")).toMatchObject({ appearance: "quick", parameters: "randomize=true seed=${household}" });
    expect(row("tools")).toMatchObject({ appearance: "columns-3 search", parameters: "randomize=true seed=7" });
    expect(row("story")).toMatchObject({ appearance: "multiline" });
    expect(row("born")).toMatchObject({ appearance: "month-year" });
    expect(row("layout")).toMatchObject({ appearance: "horizontal-compact w3 my-own-word" });
    expect(choices?.rows.filter((item) => item.list_name === "crop")).toEqual([
      {
        list_name: "crop",
        name: "milho",
        "label::Português (pt)": "Milho",
        "label::English (en)": "Maize",
        "label::Español (es)": "Maíz",
      },
      { list_name: "crop", name: "soja", "label::Português (pt)": "Soja", "label::English (en)": "Soy" },
    ]);
    expect(settings?.rows[0]).toMatchObject({ default_language: "Português (pt)" });
  });

  it("keeps an English form English: default_language names it and Portuguese is a translation", async () => {
    const english: ApplicationFormInput = {
      name: "Farm",
      language: "en",
      fields: [
        {
          fieldType: "single_choice",
          name: "crop",
          label: "Crop",
          position: 0,
          config: { options: ["Maize"], translations: { "pt-BR": { label: "Cultura", options: { Maize: "Milho" } } } },
        },
      ],
    };
    const { form, back } = await exportImport(english);
    expect(back).toEqual({ ok: true, form });
    const [survey, , settings] = xlsFormSheets({ ...form, formVersion: 1 });
    expect(survey?.columns).toContain("label::English (en)");
    expect(survey?.columns).toContain("label::Português (pt)");
    expect(survey?.columns).not.toContain("label");
    expect(settings?.rows[0]).toMatchObject({ default_language: "English (en)" });
  });
});

/** An ODK-style form as teams write it: languages by code, or_other, a seed, words Campo does not draw. */
const ODK_FORM = {
  survey: [
    ["type", "name", "label::English (en)", "label::Português (pt)", "appearance", "parameters", "relevant"],
    ["text", "hh", "Household", "Domicílio", "numbers thousands-sep", null, null],
    ["select_one crops or_other", "crop", "Crop", "Cultura", "minimal quick", "randomize=true seed=${hh}", null],
    ["select_multiple crops", "more", "More crops", "Mais culturas", "autocomplete", "randomize=true", null],
    ["note", "said", "You said other", "Você disse outro", null, null, "${crop} = 'other'"],
    ["begin group", "grp", "Group", "Grupo", "field-list", null, null],
    ["date", "when", "When", "Quando", "month-year", null, null],
    ["end group", "grp", null, null, null, null, null],
  ],
  choices: [
    ["list_name", "name", "label::English (en)", "label::Português (pt)"],
    ["crops", "maize", "Maize", "Milho"],
    ["crops", "beans", "Beans", "Feijão"],
  ],
  settings: [
    ["form_title", "default_language"],
    ["ODK", "English (en)"],
  ],
} as const satisfies Record<string, SheetCells>;

describe("XLSForm appearances from ODK forms", () => {
  it("reads or_other as the option `other` and a `<name>_other` text shown while it is chosen", async () => {
    const imported = importXlsForm(await readXlsFormBook(await buildXlsx(ODK_FORM)), "x");
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const { form } = imported;
    expect(form.language).toBe("en");
    expect(form.sectionPages).toBe(true);
    const field = (name: string) => form.fields.find((item) => item.name === name);
    expect(field("hh")?.config).toMatchObject({ appearance: "numbers thousands-sep" });
    expect(field("crop")?.config).toMatchObject({
      options: ["Maize", "Beans"],
      orOther: true,
      appearance: "minimal quick",
      randomize: true,
      randomSeed: "hh",
      translations: { "pt-BR": { label: "Cultura", options: { Maize: "Milho", Beans: "Feijão" } } },
    });
    expect(field("crop_other")).toMatchObject({
      fieldType: "text",
      label: "Specify other",
      config: { relevant: "${crop} = 'other'", translations: { "pt-BR": { label: "Especifique outro" } } },
    });
    expect(form.fields.map((item) => item.name).indexOf("crop_other")).toBe(2);
    expect(field("more")?.config).toMatchObject({ appearance: "autocomplete", randomize: true });
    expect(field("said")?.config).toMatchObject({ relevant: "${crop} = 'other'" });
    expect(field("when")?.config).toMatchObject({ appearance: "month-year" });
  });

  it("reports parameters it cannot read at their cell", async () => {
    const broken = {
      ...ODK_FORM,
      survey: ODK_FORM.survey.map((row, index) =>
        index === 3 ? row.map((cell, at) => (at === 5 ? "randomize=maybe" : cell)) : row,
      ),
    };
    const imported = importXlsForm(await readXlsFormBook(await buildXlsx(broken)), "x");
    expect(imported).toEqual({
      ok: false,
      issues: [{ sheet: "survey", row: 4, column: "parameters", key: "xlsform:issues.invalidChoiceParameters" }],
    });
  });
});
