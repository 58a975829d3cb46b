import { describe, expect, it } from "vitest";
import { applicationFormSchema, type ApplicationFormInput } from "../../../shared/fields/field-config.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

async function importSurvey(survey: SheetCells) {
  return importXlsForm(await readXlsFormBook(await buildXlsx({ survey })), "Mídia");
}

async function importedFields(survey: SheetCells) {
  const result = await importSurvey(survey);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.form.fields;
}

const MEDIA_FORM: ApplicationFormInput = {
  name: "Vistoria com mídia",
  fields: [
    { fieldType: "audio", name: "relato", label: "Relato", position: 0, config: { maxSize: 5, maxDuration: 120 } },
    {
      fieldType: "video",
      name: "trajeto",
      label: "Trajeto",
      position: 1,
      config: { required: true, maxSize: 50, maxDuration: 30, captureMode: "camera" },
    },
    { fieldType: "video", name: "livre", label: "Vídeo livre", position: 2, config: {} },
    {
      fieldType: "file",
      name: "planilha",
      label: "Planilha",
      position: 3,
      config: { maxSize: 2, accept: [".xlsx", ".csv", "application/pdf"] },
    },
    { fieldType: "file", name: "anexo", label: "Anexo", position: 4, config: {} },
  ],
};

describe("XLSForm audio, video and file questions", () => {
  it("imports the three types with their defaults", async () => {
    const fields = await importedFields([
      ["type", "name", "label"],
      ["audio", "a", "Áudio"],
      ["video", "v", "Vídeo"],
      ["file", "f", "Arquivo"],
    ]);
    expect(fields.map((field) => [field.fieldType, field.config])).toEqual([
      ["audio", expect.objectContaining({ maxSize: 10, maxDuration: 300 })],
      ["video", expect.objectContaining({ maxSize: 25, captureMode: "both" })],
      ["file", expect.objectContaining({ maxSize: 10, accept: [] })],
    ]);
  });

  it("reads max-size and max-duration from parameters (ODK) or bind::esri:parameters (Survey123), and body::accept", async () => {
    const fields = await importedFields([
      ["type", "name", "label", "parameters", "bind::esri:parameters", "body::accept"],
      ["audio", "a", "Áudio", "quality=voice-only max-duration=90", null, null],
      ["video", "v", "Vídeo", null, "max-size=20 max-duration=7200", null],
      ["file", "f", "Arquivo", "max-size=3", null, ".PDF, .docx,image/*"],
    ]);
    // A size between two caps takes the next one up; a length over an hour is an hour.
    expect(fields[0]?.config).toMatchObject({ maxSize: 10, maxDuration: 90 });
    expect(fields[1]?.config).toMatchObject({ maxSize: 25, maxDuration: 3600 });
    expect(fields[2]?.config).toMatchObject({ maxSize: 5, accept: [".pdf", ".docx", "image/*"] });
  });

  it("reports a parameter that is no number at its cell", async () => {
    const result = await importSurvey([
      ["type", "name", "label", "parameters"],
      ["audio", "a", "Áudio", "max-duration=long"],
    ]);
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          sheet: "survey",
          row: 2,
          column: "parameters",
          key: "xlsform:issues.invalidParameter",
          params: { parameter: "max-duration", value: "long" },
        },
      ],
    });
  });

  it("reports an accept entry that is neither an extension nor a type at its cell", async () => {
    const result = await importSurvey([
      ["type", "name", "label", "body::accept"],
      ["file", "f", "Arquivo", "pdf"],
    ]);
    expect(result).toEqual({
      ok: false,
      issues: [{ sheet: "survey", row: 2, column: "body::accept", key: "fields:invalidAcceptEntry" }],
    });
  });

  it("writes standard columns other tools read, and comes back unchanged", async () => {
    const form = applicationFormSchema.parse(MEDIA_FORM);
    const [survey] = xlsFormSheets({ ...form, formVersion: 1 });
    expect(survey?.rows.map((row) => [row.type, row.parameters, row["body::accept"] ?? ""])).toEqual([
      ["audio", "max-size=5 max-duration=120", ""],
      ["video", "max-size=50 max-duration=30", ""],
      ["video", "max-size=25", ""],
      ["file", "max-size=2", ".xlsx,.csv,application/pdf"],
      ["file", "max-size=10", ""],
    ]);
    const back = importXlsForm(await readXlsFormBook(await exportXlsForm({ ...form, formVersion: 1 })), "ignored");
    expect(back).toEqual({ ok: true, form });
  });
});
