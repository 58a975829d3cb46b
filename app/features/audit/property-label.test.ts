import { describe, expect, it } from "vitest";
import type { ChangeLogField } from "../../../shared/audit/change-log-dtos.ts";
import { propertyLabel } from "./property-label.ts";

const TEXTS = {
  property: (key: string) => ({ reviewState: "Situação da revisão" })[key],
  removedField: (label: string) => `${label} (campo removido)`,
  deletedField: () => "Campo excluído",
};
const HEIGHT: ChangeLogField = {
  id: "7d6f6a52-4a4f-4b8e-9d1e-5c1f0a3b2c11",
  labels: { "pt-BR": "Altura", en: "Height", es: "Altura" },
  removed: false,
};

describe("propertyLabel", () => {
  it("names an answer by its field's label in the UI language", () => {
    expect(propertyLabel(HEIGHT.id, [HEIGHT], "pt-BR", TEXTS)).toBe("Altura");
    expect(propertyLabel(HEIGHT.id, [HEIGHT], "en", TEXTS)).toBe("Height");
  });

  it("says when the field was removed from the form, or deleted altogether", () => {
    expect(propertyLabel(HEIGHT.id, [{ ...HEIGHT, removed: true }], "pt-BR", TEXTS)).toBe("Altura (campo removido)");
    expect(propertyLabel(HEIGHT.id, [], "pt-BR", TEXTS)).toBe("Campo excluído");
  });

  it("keeps the labels of known properties and shows other keys as they are", () => {
    expect(propertyLabel("reviewState", [HEIGHT], "pt-BR", TEXTS)).toBe("Situação da revisão");
    expect(propertyLabel("somethingNew", [], "pt-BR", TEXTS)).toBe("somethingNew");
  });
});
