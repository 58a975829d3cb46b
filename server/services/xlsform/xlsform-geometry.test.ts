import { describe, expect, it } from "vitest";
import { applicationFormSchema, type ApplicationFormInput } from "../../../shared/fields/field-config.ts";
import { buildXlsx } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

describe("XLSForm geotrace and geoshape (issue 25)", () => {
  it("imports geotrace as a line and geoshape as an area, with ODK's area() and distance() and Campo's inside()", async () => {
    const book = await buildXlsx({
      survey: [
        ["type", "name", "label", "constraint", "calculation"],
        ["geoshape", "plot", "Plot", "area(.) > 100", null],
        ["q geotrace", "road", "Road", null, null],
        ["geopoint", "well", "Well", "inside(., ${plot})", null],
        ["calculate", "road_m", null, null, "distance(${road})"],
      ],
    });
    const imported = importXlsForm(await readXlsFormBook(book), "Talhões");
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    expect(imported.form.fields.map((field) => [field.name, field.fieldType])).toEqual([
      ["plot", "area"],
      ["road", "line"],
      ["well", "gps"],
      ["road_m", "calculation"],
    ]);
    expect(imported.form.fields[0]?.config).toMatchObject({ constraint: "area(.) > 100" });
  });

  it("exports them as geotrace and geoshape and reads them back unchanged", async () => {
    const input: ApplicationFormInput = {
      name: "Estradas",
      fields: [
        { fieldType: "line", name: "road", label: "Estrada", position: 0, config: { required: true } },
        { fieldType: "area", name: "plot", label: "Talhão", position: 1, config: {} },
        {
          fieldType: "calculation",
          name: "plot_ha",
          label: "Hectares",
          position: 2,
          config: { calculation: "area(${plot}) / 10000" },
        },
      ],
    };
    const form = applicationFormSchema.parse(input);
    const survey = xlsFormSheets({ ...form, formVersion: 1 }).find((sheet) => sheet.name === "survey");
    expect(survey?.rows.map((row) => row.type)).toEqual(["geotrace", "geoshape", "calculate"]);
    const back = importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "x");
    expect(back).toEqual({ ok: true, form });
  });
});
