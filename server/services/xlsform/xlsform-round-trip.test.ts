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
      config: { format: "integer", defaultValue: "10" },
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
    expect(survey?.columns.slice(0, 3)).toEqual(["type", "name", "label"]);
    expect(survey?.columns).toEqual(
      expect.arrayContaining(["label::English (en)", "label::Español (es)", "hint::English (en)"]),
    );
    expect(survey?.rows.find((row) => row.name === "threats")?.relevant).toBe(
      "${protected_area} = 'yes' and ${biome} != 'amazonia'",
    );
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
      { list_name: "biome", name: "mata_atlantica", label: "Mata Atlântica" },
      { list_name: "biome", name: "cerrado", label: "Cerrado" },
      { list_name: "biome", name: "amazonia", label: "Amazônia" },
    ]);
    expect(settings?.rows).toEqual([
      {
        form_title: "Inventário florestal",
        form_id: "inventario_florestal",
        version: "3",
        default_language: "Português (pt-BR)",
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
