import { describe, expect, it } from "vitest";
import { formShape } from "./form-structure.ts";
import { toCollectFields, type FormValues, type RawField } from "./form-values.ts";
import { withoutLiftedRequirements } from "./lifted-requirement.ts";
import { checkRecord, evaluateLive } from "./record-rules.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const fields: RawField[] = [
  { id: "idade", fieldType: "number", label: "Idade", name: "idade", position: 0, config: {} },
  {
    id: "doc",
    fieldType: "text",
    label: "Documento",
    name: "doc",
    position: 1,
    config: { required: true, requiredWhen: "${idade} >= 18" },
  },
  { id: "arv", fieldType: "repeat", label: "Árvores", name: "arv", position: 2, config: { minCount: 1 } },
];
const shape = formShape(toCollectFields(fields));

describe("a required answer under a condition on the phone", () => {
  it("marks the answer required only while the condition holds", () => {
    expect(evaluateLive(shape, { idade: "30" }, NOW).view.isRequired("doc")).toBe(true);
    expect(evaluateLive(shape, { idade: "12" }, NOW).view.isRequired("doc")).toBe(false);
  });

  it("drops a save's required error once the condition lifts it, and keeps the others", () => {
    const adult: FormValues = { idade: "30", arv: [] };
    const errors = checkRecord(shape, adult, NOW).errors;
    expect(Object.keys(errors).sort()).toEqual(["arv", "doc"]);
    const minor: FormValues = { ...adult, idade: "12" };
    const view = evaluateLive(shape, minor, NOW).view;
    expect(Object.keys(withoutLiftedRequirements(shape, view, minor, errors))).toEqual(["arv"]);
    const adultView = evaluateLive(shape, adult, NOW).view;
    expect(withoutLiftedRequirements(shape, adultView, adult, errors)).toBe(errors);
  });
});
