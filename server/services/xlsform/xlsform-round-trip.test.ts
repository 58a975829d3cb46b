import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { applicationFormSchema, type ApplicationFormInput } from "../../../shared/fields/field-config.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx, CASCADING_FORM } from "../../test-support/xlsform-books.ts";

/** A form using every Campo type and option the designer offers. */
const EVERYTHING: ApplicationFormInput = {
  name: "Inventário florestal",
  sectionPages: true,
  language: "pt-BR",
  fields: [
    {
      fieldType: "text",
      name: "plot",
      label: "Parcela",
      position: 0,
      config: {
        required: true,
        requiredMessage: "Informe a parcela",
        description: "Código da parcela",
        translations: {
          en: { label: "Plot", description: "Plot code", requiredMessage: "Enter the plot" },
          es: { label: "Parcela" },
        },
      },
    },
    {
      fieldType: "text",
      name: "notes",
      label: "Observações",
      position: 1,
      config: { format: "textarea", defaultValue: "'nenhuma'" },
    },
    {
      fieldType: "number",
      name: "area",
      label: "Área (ha)",
      position: 2,
      config: {
        format: "currency",
        minValue: 0,
        maxValue: 100,
        constraint: ". > 0",
        constraintMessage: "Maior que zero",
        translations: { en: { constraintMessage: "Above zero" } },
      },
    },
    {
      fieldType: "number",
      name: "trees_expected",
      label: "Árvores previstas",
      position: 3,
      config: { format: "integer", defaultValue: "10", required: true, requiredWhen: "${area} > 10" },
    },
    { fieldType: "date", name: "visited", label: "Data", position: 4, config: { constraint: ". <= today()" } },
    { fieldType: "time", name: "started", label: "Início", position: 5, config: {} },
    {
      fieldType: "yes_no",
      name: "protected_area",
      label: "Área protegida?",
      position: 6,
      config: { defaultValue: "false" },
    },
    {
      fieldType: "single_choice",
      name: "biome",
      label: "Bioma",
      position: 7,
      config: { options: ["Mata Atlântica", "Cerrado", "Amazônia"], defaultValue: "'Cerrado'" },
    },
    {
      fieldType: "multiple_choice",
      name: "threats",
      label: "Ameaças",
      position: 8,
      config: {
        options: ["Fogo", "Gado", "Corte (ilegal)"],
        relevant: "${protected_area} = true and ${biome} != 'Amazônia'",
        defaultValue: "'Fogo Corte (ilegal)'",
      },
    },
    {
      fieldType: "email",
      name: "contact_email",
      label: "E-mail",
      position: 9,
      config: { constraint: "string_length(.) < 80" },
    },
    { fieldType: "phone", name: "contact_phone", label: "Telefone", position: 10, config: {} },
    { fieldType: "url", name: "site", label: "Site", position: 11, config: {} },
    { fieldType: "signature", name: "signed", label: "Assinatura", position: 12, config: { required: true } },
    {
      fieldType: "photo",
      name: "overview",
      label: "Foto",
      position: 13,
      config: { captureMode: "camera", maxSize: 2 },
    },
    { fieldType: "gps", name: "where", label: "Local", position: 14, config: {} },
    {
      fieldType: "note",
      name: "intro",
      label: "Meça cada árvore",
      position: 15,
      config: { description: "DAP a 1,30 m" },
    },
    {
      fieldType: "section",
      name: "trees_section",
      label: "Árvores",
      position: 16,
      config: { relevant: "count_selected(${threats}) < 3" },
    },
    {
      fieldType: "note",
      name: "done",
      label: "Obrigado, ${plot}!",
      parentName: "trees_section",
      position: 17,
      config: { relevant: "${mean_dbh} >= 10 or not(${protected_area} = false)" },
    },
    { fieldType: "repeat", name: "tree", label: "Árvore", position: 18, config: { minCount: 1, maxCount: 30 } },
    {
      fieldType: "text",
      name: "species",
      label: "Espécie",
      parentName: "tree",
      position: 19,
      config: { required: true },
    },
    {
      fieldType: "number",
      name: "dbh",
      label: "DAP (cm)",
      parentName: "tree",
      position: 20,
      config: { constraint: ". > 0 and . < 500" },
    },
    { fieldType: "repeat", name: "stems", label: "Fustes", position: 21, config: { minCount: 2, maxCount: 2 } },
    { fieldType: "number", name: "stem_height", label: "Altura", parentName: "stems", position: 22, config: {} },
    {
      fieldType: "calculation",
      name: "tree_count",
      label: "Total de árvores",
      position: 23,
      config: { calculation: "count(${tree})" },
    },
    {
      fieldType: "calculation",
      name: "mean_dbh",
      label: "DAP médio",
      position: 24,
      config: { calculation: "if(${tree_count} > 0, round(sum(${dbh}) / ${tree_count}, 1), 0)" },
    },
  ],
};

describe("XLSForm round trip", () => {
  it("brings every Campo type and option back unchanged", async () => {
    const form = applicationFormSchema.parse(EVERYTHING);
    const file = await exportXlsForm({ ...form, formVersion: 3 });
    const back = importXlsForm(await readXlsFormBook(file), "ignored");
    expect(back).toEqual({ ok: true, form });
  });

  it("brings a cascading select back: choices columns with XLSForm names, and the choice_filter", async () => {
    const imported = importXlsForm(await readXlsFormBook(await buildXlsx(CASCADING_FORM)), "ignored");
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const sheets = xlsFormSheets({ ...imported.form, formVersion: 1 });
    expect(sheets[0]?.rows.find((row) => row.name === "city")).toMatchObject({ choice_filter: "state=${state}" });
    expect(sheets[1]?.columns).toEqual(["list_name", "name", "label", "state"]);
    expect(sheets[1]?.rows.filter((row) => row.list_name === "city").map((row) => [row.name, row.state])).toEqual([
      ["campinas", "sao_paulo"],
      ["santos", "sao_paulo"],
      ["niteroi", "rio_de_janeiro"],
    ]);
    const file = await exportXlsForm({ ...imported.form, formVersion: 1 });
    expect(importXlsForm(await readXlsFormBook(file), "ignored")).toEqual(imported);
  });

  it("follows the spec: select types name their list, begin/end pairs, choices and settings", () => {
    const form = applicationFormSchema.parse(EVERYTHING);
    const [survey, choices, settings] = xlsFormSheets({ ...form, formVersion: 3 });
    const types = survey?.rows.map((row) => row.type);
    expect(types).toEqual([
      "text",
      "text",
      "decimal",
      "integer",
      "date",
      "time",
      "select_one protected_area",
      "select_one biome",
      "select_multiple threats",
      "text",
      "text",
      "text",
      "image",
      "image",
      "geopoint",
      "note",
      "begin group",
      "note",
      "end group",
      "begin repeat",
      "text",
      "decimal",
      "end repeat",
      "begin repeat",
      "decimal",
      "end repeat",
      "calculate",
      "calculate",
    ]);
    // Every language is named once any field is translated, the main one first (settings' default_language).
    expect(survey?.columns.slice(0, 5)).toEqual([
      "type",
      "name",
      "label::Português (pt)",
      "label::English (en)",
      "label::Español (es)",
    ]);
    expect(survey?.columns).toEqual(expect.arrayContaining(["hint::Português (pt)", "hint::English (en)"]));
    expect(survey?.columns).not.toContain("label");
    expect(choices?.columns).toEqual(["list_name", "name", "label::Português (pt)"]);
    expect(survey?.rows.find((row) => row.name === "threats")?.relevant).toBe(
      "${protected_area} = 'yes' and ${biome} != 'amazonia'",
    );
    // A select_multiple's default is its option names, space-separated, as ODK reads it.
    expect(survey?.rows.find((row) => row.name === "threats")?.default).toBe("fogo corte_ilegal");
    expect(survey?.rows.find((row) => row.name === "contact_email")).toMatchObject({
      campo_type: "email",
      constraint: "regex(., '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$') and (string-length(.) < 80)",
    });
    expect(survey?.rows.find((row) => row.name === "signed")).toMatchObject({ type: "image", appearance: "signature" });
    expect(survey?.rows.find((row) => row.name === "stems")).toMatchObject({ repeat_count: 2 });
    expect(survey?.rows.find((row) => row.name === "mean_dbh")?.calculation).toBe(
      "if(${tree_count} > 0, round(sum(${dbh}) div ${tree_count}, 1), 0)",
    );
    expect(choices?.rows.filter((row) => row.list_name === "biome")).toEqual([
      { list_name: "biome", name: "mata_atlantica", "label::Português (pt)": "Mata Atlântica" },
      { list_name: "biome", name: "cerrado", "label::Português (pt)": "Cerrado" },
      { list_name: "biome", name: "amazonia", "label::Português (pt)": "Amazônia" },
    ]);
    // A number's bounds are standard constraint terms, ahead of its own rule; campo_settings keeps only the rest.
    expect(survey?.rows.find((row) => row.name === "area")).toMatchObject({
      constraint: ". >= 0 and . <= 100 and (. > 0)",
      "constraint_message::Português (pt)": "Maior que zero",
      "constraint_message::English (en)": "Above zero",
      campo_settings: '{"format":"currency"}',
    });
    expect(survey?.rows.find((row) => row.name === "plot")).toMatchObject({
      required: "yes",
      "required_message::Português (pt)": "Informe a parcela",
      "hint::Português (pt)": "Código da parcela",
    });
    // A conditional required is XLSForm's `required` written as the expression.
    expect(survey?.rows.find((row) => row.name === "trees_expected")).toMatchObject({ required: "${area} > 10" });
    expect(settings?.rows).toEqual([
      {
        form_title: "Inventário florestal",
        form_id: "inventario_florestal",
        version: "3",
        default_language: "Português (pt)",
      },
    ]);
    for (const row of survey?.rows ?? []) if (row.name) expect(String(row.name)).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });

  it("brings nested groups and repeats back with their repeat_count expressions and repeat functions", async () => {
    const form = applicationFormSchema.parse({
      name: "Domicílios",
      fields: [
        { fieldType: "section", name: "house", label: "Domicílio", position: 0 },
        { fieldType: "repeat", name: "members", label: "Morador", parentName: "house", position: 1 },
        { fieldType: "text", name: "member", label: "Nome", parentName: "members", position: 2 },
        { fieldType: "number", name: "planned", label: "Visitas", parentName: "members", position: 3 },
        {
          fieldType: "repeat",
          name: "visits",
          label: "Visita",
          parentName: "members",
          position: 4,
          config: { repeatCount: "${planned}" },
        },
        { fieldType: "section", name: "visit_box", label: "Detalhes", parentName: "visits", position: 5 },
        { fieldType: "number", name: "cost", label: "Gasto", parentName: "visit_box", position: 6 },
        {
          fieldType: "calculation",
          name: "visit_no",
          label: "Nº",
          parentName: "visit_box",
          position: 7,
          config: { calculation: "position(../..)" },
        },
        {
          fieldType: "calculation",
          name: "first_cost",
          label: "Primeiro gasto",
          position: 8,
          config: { calculation: "indexed-repeat(${cost}, ${members}, 1, ${visits}, 1) + max(${cost})" },
        },
      ],
    });
    const [survey] = xlsFormSheets({ ...form, formVersion: 1 });
    expect(survey?.rows.map((row) => [row.type, row.name])).toEqual([
      ["begin group", "house"],
      ["begin repeat", "members"],
      ["text", "member"],
      ["decimal", "planned"],
      ["begin repeat", "visits"],
      ["begin group", "visit_box"],
      ["decimal", "cost"],
      ["calculate", "visit_no"],
      ["end group", "visit_box"],
      ["end repeat", "visits"],
      ["end repeat", "members"],
      ["end group", "house"],
      ["calculate", "first_cost"],
    ]);
    expect(survey?.rows.find((row) => row.name === "visits")).toMatchObject({ repeat_count: "${planned}" });
    const file = await exportXlsForm({ ...form, formVersion: 1 });
    expect(importXlsForm(await readXlsFormBook(file), "ignored")).toEqual({ ok: true, form });
  });
});

/** A one-language form of number rules, as the designer makes them. */
const NUMBERS: ApplicationFormInput = {
  name: "Medidas",
  language: "pt-BR",
  sectionPages: false,
  fields: [
    { fieldType: "number", name: "depth", label: "Profundidade", position: 0, config: { maxValue: 50 } },
    {
      fieldType: "number",
      name: "score",
      label: "Nota",
      position: 1,
      config: { constraint: ". >= 1 and . <= 9", constraintMessage: "De 1 a 9" },
    },
    {
      fieldType: "number",
      name: "offset",
      label: "Desvio",
      position: 2,
      config: { minValue: -5, maxValue: 5.5, constraintMessage: "Fora da faixa" },
    },
    {
      fieldType: "number",
      name: "count",
      label: "Contagem",
      position: 3,
      config: { format: "integer", minValue: 0, constraint: ". != 3", required: true },
    },
  ],
};

/**
 * The columns pyxform reads (pyxform/aliases.py `survey_header`, `list_header`, `settings_header`, and the
 * columns its XLSForm reference documents), each text one also as `<column>::<language>`.
 */
const PYXFORM_COLUMNS = {
  survey: [
    "type",
    "name",
    "label",
    "hint",
    "required",
    "required_message",
    "relevant",
    "constraint",
    "constraint_message",
    "calculation",
    "default",
    "appearance",
    "choice_filter",
    "repeat_count",
    "parameters",
    "read_only",
    "trigger",
    "image",
    "audio",
    "video",
  ],
  choices: ["list_name", "name", "label", "image", "audio", "video"],
  settings: [
    "form_title",
    "form_id",
    "version",
    "default_language",
    "instance_name",
    "style",
    "public_key",
    "allow_choice_duplicates",
  ],
} as const;
const TRANSLATABLE = new Set(["label", "hint", "required_message", "constraint_message", "image", "audio", "video"]);

describe("XLSForm export in standard columns", () => {
  it("writes a number's bounds as constraint terms ahead of its own rule, and reads them back as bounds", async () => {
    const form = applicationFormSchema.parse(NUMBERS);
    const [survey] = xlsFormSheets({ ...form, formVersion: 1 });
    const row = (name: string) => survey?.rows.find((candidate) => candidate.name === name);
    expect(row("depth")).toMatchObject({ constraint: ". <= 50" });
    expect(row("depth")).not.toHaveProperty("campo_settings", expect.stringMatching(/./));
    // An own rule that reads like bounds is wrapped, so it comes back as the rule it was.
    expect(row("score")).toMatchObject({ constraint: "(. >= 1 and . <= 9)", constraint_message: "De 1 a 9" });
    // Bounds with a message and no rule: other tools show the message; campo_settings tells Campo they are bounds.
    expect(row("offset")).toMatchObject({
      constraint: ". >= -5 and . <= 5.5",
      constraint_message: "Fora da faixa",
      campo_settings: '{"minValue":-5,"maxValue":5.5}',
    });
    expect(row("count")).toMatchObject({ type: "integer", constraint: ". >= 0 and (. != 3)", required: "yes" });
    // One language: the plain `label` column, as most XLSForms have.
    expect(survey?.columns.slice(0, 3)).toEqual(["type", "name", "label"]);

    const back = importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "x");
    expect(back).toEqual({ ok: true, form });
  });

  it("reads bounds from other tools' constraints unless only the form's message would explain them", async () => {
    const imported = importXlsForm(
      await readXlsFormBook(
        await buildXlsx({
          survey: [
            ["type", "name", "label", "constraint", "constraint_message", "campo_settings"],
            ["integer", "age", "Age", ".>=0 and .<=120", null, null],
            ["decimal", "weight", "Weight", ". >= 1", "At least 1 kg", null],
            ["decimal", "height", "Height", ". >= 10 and . <= 5", null, null],
            ["decimal", "old_export", "Old export", null, null, '{"minValue":2,"maxValue":4}'],
            ["decimal", "both", "Both", ". >= 2 and . <= 4", "Two to four", '{"minValue":2,"maxValue":4}'],
          ],
        }),
      ),
      "x",
    );
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const config = (name: string) => imported.form.fields.find((field) => field.name === name)?.config;
    expect(config("age")).toMatchObject({ minValue: 0, maxValue: 120 });
    expect(config("age")).not.toHaveProperty("constraint");
    expect(config("weight")).toMatchObject({ constraint: ". >= 1", constraintMessage: "At least 1 kg" });
    expect(config("weight")).not.toHaveProperty("minValue");
    expect(config("height")).toMatchObject({ constraint: ". >= 10 and . <= 5" });
    expect(config("old_export")).toMatchObject({ minValue: 2, maxValue: 4 });
    // Named in both places, the bounds are applied once: as bounds, not also as a rule.
    expect(config("both")).toMatchObject({ minValue: 2, maxValue: 4, constraintMessage: "Two to four" });
    expect(config("both")).not.toHaveProperty("constraint");
  });

  it("writes a workbook whose sheets and columns are all ones pyxform reads (Campo's own prefixed campo_)", async () => {
    for (const input of [EVERYTHING, NUMBERS]) {
      const file = await exportXlsForm({ ...applicationFormSchema.parse(input), formVersion: 2 });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(file).buffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["survey", "choices", "settings"]);
      for (const sheet of workbook.worksheets) {
        const known: readonly string[] = PYXFORM_COLUMNS[sheet.name as keyof typeof PYXFORM_COLUMNS];
        const headers = (sheet.getRow(1).values as unknown[]).filter((value) => typeof value === "string");
        for (const header of headers) {
          const [base = "", language] = header.split("::");
          const standard = known.includes(base) && (language === undefined || TRANSLATABLE.has(base));
          // Choices columns past the text ones are option properties a choice_filter reads (pyxform keeps them).
          const property = sheet.name === "choices" && /^[a-z_][a-z0-9_]*$/.test(header);
          expect(standard || base.startsWith("campo_") || property, `${sheet.name}: ${header}`).toBe(true);
          if (language !== undefined) expect(language).toMatch(/^.+ \([a-z]{2}\)$/);
        }
      }
      const settings = workbook.getWorksheet("settings");
      expect(settings?.getRow(2).getCell(4).text).toBe("Português (pt)");
    }
  });
});
