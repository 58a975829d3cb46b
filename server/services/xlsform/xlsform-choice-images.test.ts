import { describe, expect, it } from "vitest";
import { buildXlsx } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

const survey = [
  ["type", "name", "label"],
  ["select_one animals", "animal", "Animal"],
  ["select_multiple animals", "seen", "Seen"],
];

async function imported(choices: (string | null)[][]) {
  const result = importXlsForm(await readXlsFormBook(await buildXlsx({ survey, choices })), "Imagens");
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
}

describe("XLSForm choices with images", () => {
  it("reads the image column into each option's image, keyed by label", async () => {
    const { form } = await imported([
      ["list_name", "name", "label", "image"],
      ["animals", "cow", "Vaca", "cow.png"],
      ["animals", "goat", "Cabra", null],
    ]);
    expect(form.fields[0]?.config).toMatchObject({ options: ["Vaca", "Cabra"], optionImages: { Vaca: "cow.png" } });
    expect(form.fields[1]?.config).toMatchObject({ optionImages: { Vaca: "cow.png" } });
    expect(form.fields[0]?.config).not.toHaveProperty("optionProperties.Vaca.image");
  });

  it("reads media::image and the main language's image::<language>", async () => {
    const media = await imported([
      ["list_name", "name", "label", "media::image"],
      ["animals", "cow", "Vaca", "cow.jpg"],
    ]);
    expect(media.form.fields[0]?.config).toMatchObject({ optionImages: { Vaca: "cow.jpg" } });
    const languages = await imported([
      ["list_name", "name", "label::English (en)", "image::Español (es)", "image::English (en)"],
      ["animals", "cow", "Cow", "vaca.png", "cow.png"],
    ]);
    expect(languages.form.fields[0]?.config).toMatchObject({ optionImages: { Cow: "cow.png" } });
  });

  it("writes the image column back and re-imports the same form", async () => {
    const first = await imported([
      ["list_name", "name", "label", "image"],
      ["animals", "cow", "Vaca", "cow.png"],
      ["animals", "goat", "Cabra", null],
    ]);
    const [, choices] = xlsFormSheets({ ...first.form, formVersion: 1 });
    expect(choices?.columns).toContain("image");
    expect(choices?.rows.map((row) => row.image ?? "")).toEqual(["cow.png", "", "cow.png", ""]);
    const file = await exportXlsForm({ ...first.form, formVersion: 1 });
    expect(importXlsForm(await readXlsFormBook(file), "Imagens")).toEqual(first);
  });

  it("leaves out images no form can attach and still imports the form", async () => {
    const { form } = await imported([
      ["list_name", "name", "label", "image"],
      ["animals", "cow", "Vaca", "cow.gif"],
      ["animals", "goat", "Cabra", "../goat.png"],
      ["animals", "ox", "Boi", " ox.webp "],
    ]);
    expect(form.fields[0]?.config).toMatchObject({ optionImages: { Boi: "ox.webp" } });
    expect(Object.keys((form.fields[0]?.config as { optionImages: object }).optionImages)).toEqual(["Boi"]);
  });
});
