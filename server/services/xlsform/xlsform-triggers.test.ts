import { describe, expect, it } from "vitest";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";

/** HOT's mapping forms in small: a feature picked from an attached GeoJSON fills the questions about it. */
const MAPPING_FORM: Readonly<Record<string, SheetCells>> = {
  survey: [
    ["type", "name", "label", "calculation", "trigger", "default"],
    ["select_one_from_file sites.geojson", "existing", "Existing site", null, null, null],
    ["calculate", "xsurface", null, "instance('sites')/root/item[id=${existing}]/surface", "${existing}", null],
    ["calculate", "xdiesel", null, "instance('sites')/root/item[id=${existing}]/fuel:diesel", null, null],
    ["select_one surface", "surface", "Surface", "${xsurface}", "${existing}", "unpaved"],
    ["text", "name", "Name", "instance('sites')/root/item[id=${existing}]/title", "${existing}", null],
    ["integer", "width", "Width", null, null, "${last-saved#width}"],
    ["select_one surface", "sidewalk", "Sidewalk", null, null, "${last-saved#sidewalk}"],
    ["geopoint", "location", "Location", null, "${existing}", null],
    ["begin group", "details", "Details", null, "${existing}", null],
    ["select_one ward", "ward", "Ward", null, null, "Fixme: I need this list"],
    ["select_multiple surface", "layers", "Layers", null, null, "paved gravel"],
    ["end group", "details", null, null, null, null],
  ],
  choices: [
    ["list_name", "name", "label"],
    ["surface", "paved", "Paved"],
    ["surface", "unpaved", "Unpaved"],
    ["ward", "north", "North"],
  ],
};

async function importMappingForm() {
  const imported = importXlsForm(await readXlsFormBook(await buildXlsx(MAPPING_FORM)), "mapping");
  if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
  return imported;
}

describe("XLSForm trigger, last-saved defaults and defaults naming no option", () => {
  it("imports a trigger with the calculation it sets, on calculates and questions alike", async () => {
    const { form } = await importMappingForm();
    const config = (name: string) => form.fields.find((field) => field.name === name)?.config;
    expect(config("xsurface")).toMatchObject({
      trigger: "${existing}",
      calculation: "instance('sites')/root/item[id=${existing}]/surface",
    });
    expect(config("xdiesel")).toMatchObject({ calculation: "instance('sites')/root/item[id=${existing}]/fuel:diesel" });
    expect(config("surface")).toMatchObject({
      trigger: "${existing}",
      calculation: "${xsurface}",
      defaultValue: "'Unpaved'",
    });
    expect(config("location")).toMatchObject({ trigger: "${existing}" });
    expect(config("location")).not.toHaveProperty("calculation");
    // A group holds no value to set: its trigger means nothing and is left out.
    expect(config("details")).not.toHaveProperty("trigger");
  });

  it("imports ${last-saved#name} defaults as they are written", async () => {
    const { form } = await importMappingForm();
    const config = (name: string) => form.fields.find((field) => field.name === name)?.config;
    expect(config("width")).toMatchObject({ defaultValue: "${last-saved#width}" });
    expect(config("sidewalk")).toMatchObject({ defaultValue: "${last-saved#sidewalk}" });
  });

  it("leaves out a default naming no option of its list, with a note at its cell", async () => {
    const imported = await importMappingForm();
    const config = (name: string) => imported.form.fields.find((field) => field.name === name)?.config;
    expect(config("ward")).not.toHaveProperty("defaultValue");
    expect(config("layers")).toMatchObject({ defaultValue: "'Paved'" });
    expect(imported.notes).toEqual([
      {
        sheet: "survey",
        row: 11,
        column: "default",
        key: "xlsform:issues.defaultDropped",
        params: { option: "Fixme: I need this list" },
      },
      {
        sheet: "survey",
        row: 12,
        column: "default",
        key: "xlsform:issues.defaultDropped",
        params: { option: "gravel" },
      },
    ]);
  });

  it("writes trigger, a question's calculation and last-saved defaults back, and reads them unchanged", async () => {
    const { form } = await importMappingForm();
    const sheets = xlsFormSheets({ ...form, formVersion: 1 });
    const row = (name: string) => sheets[0]?.rows.find((candidate) => candidate.name === name);
    expect(row("surface")).toMatchObject({ trigger: "${existing}", calculation: "${xsurface}", default: "unpaved" });
    expect(row("width")).toMatchObject({ default: "${last-saved#width}" });
    expect(sheets[0]?.columns).toContain("trigger");
    const back = importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "x");
    expect(back).toEqual({ ok: true, form });
  });
});
