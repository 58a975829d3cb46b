import { describe, expect, it } from "vitest";
import { appearanceConfig, appearanceDraftOf } from "./appearance-panel.tsx";
import { otherTextFieldFor } from "./other-text-field.ts";
import type { DesignerField } from "./designer-fields.ts";

describe("the appearance and languages tab", () => {
  it("edits labels per language and keeps the other translated texts", () => {
    const translations = { en: { label: "Crop", options: { Milho: "Maize" } }, es: { label: "Cultivo" } };
    const draft = appearanceDraftOf({ appearance: "minimal w2", translations });
    expect(draft.labels).toEqual({ "pt-BR": "", en: "Crop", es: "Cultivo" });
    const config = appearanceConfig(
      { ...draft, orOther: true, labels: { en: "Crops", es: "" } },
      "single_choice",
      translations,
    );
    expect(config).toEqual({
      appearance: "minimal w2",
      translations: { en: { label: "Crops", options: { Milho: "Maize" } } },
      orOther: true,
      randomize: undefined,
      randomSeed: undefined,
    });
    expect(appearanceConfig({ ...draft, appearance: " ", labels: {} }, "text", undefined)).toEqual({
      appearance: undefined,
      translations: undefined,
    });
  });

  it("adds the <name>_other text after a select that turns on Other, once", () => {
    const select: DesignerField = {
      id: "s",
      fieldType: "multiple_choice",
      label: "Culturas",
      name: "crops",
      parentName: "farm",
      config: { options: ["Milho"], orOther: true },
    };
    const fields: DesignerField[] = [select, { ...select, id: "t", fieldType: "text", name: "notes", config: {} }];
    const added = otherTextFieldFor(select, fields, "Especifique outro");
    expect(added?.index).toBe(1);
    expect(added?.field).toMatchObject({
      fieldType: "text",
      name: "crops_other",
      parentName: "farm",
      label: "Especifique outro",
      config: { relevant: "selected(${crops}, 'other')" },
    });
    expect(otherTextFieldFor(select, [...fields, added!.field], "x")).toBeNull();
    expect(otherTextFieldFor({ ...select, config: { options: ["Milho"] } }, fields, "x")).toBeNull();
  });
});
