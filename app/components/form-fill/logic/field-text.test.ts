import { describe, expect, it } from "vitest";
import { localizeField } from "./field-text.ts";
import { toCollectField } from "./form-values.ts";

const field = toCollectField({
  id: "a",
  fieldType: "number",
  label: "Área",
  name: "area",
  position: 0,
  config: {
    description: "Em hectares",
    constraint: ". > 0",
    constraintMessage: "Maior que zero",
    translations: { en: { label: "Area", constraintMessage: "Above zero" }, es: { description: "En hectáreas" } },
  },
});
const note = toCollectField({
  id: "n",
  fieldType: "note",
  label: "Atenção",
  name: "aviso",
  position: 1,
  config: { translations: { en: { label: "Heads up", constraintMessage: "ignored" } } },
});

describe("localizeField", () => {
  it("uses the UI language's texts and keeps the stored ones it lacks", () => {
    if (!field || !note) throw new Error("fields expected");
    const english = localizeField(field, "en-US");
    expect([english.label, english.config.description]).toEqual(["Area", "Em hectares"]);
    expect(english.config).toMatchObject({ constraintMessage: "Above zero" });
    const spanish = localizeField(field, "es");
    expect([spanish.label, spanish.config.description]).toEqual(["Área", "En hectáreas"]);
    expect(localizeField(field, "pt-BR")).toBe(field);
    expect(localizeField(note, "en").label).toBe("Heads up");
    expect(localizeField(note, "en").config).not.toHaveProperty("constraintMessage");
  });
});
