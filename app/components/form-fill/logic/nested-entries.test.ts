import { describe, expect, it } from "vitest";
import { formShape } from "./form-structure.ts";
import {
  buildAnswers,
  isRepeatEntries,
  toCollectFields,
  valueAt,
  valuesFromAnswers,
  withValueAt,
  type FormValues,
  type RawField,
} from "./form-values.ts";
import { checkRecord, entryWithDefaults, initialValues, withRequiredEntries } from "./record-rules.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const raw = (id: string, fieldType: string, parentName: string | null, config: object = {}): RawField => ({
  id,
  fieldType,
  label: id,
  name: id,
  parentName,
  position: 0,
  config,
});
/** Household → members → visits, with a photo two levels down and a repeat_count on the visits. */
const shape = formShape(
  toCollectFields(
    [
      raw("casa", "section", null),
      raw("membros", "repeat", "casa", { minCount: 1 }),
      raw("nome", "text", "membros", { required: true }),
      raw("planejadas", "number", "membros"),
      raw("visitas", "repeat", "membros", { repeatCount: "${planejadas}" }),
      raw("gasto", "number", "visitas", { defaultValue: "${planejadas} * 2", constraint: ". < 50" }),
      raw("foto", "photo", "visitas"),
    ].map((field, position) => ({ ...field, position })),
  ),
);
const stored = {
  membros: [
    { nome: "Ana", planejadas: 1, visitas: [{ gasto: 3 }] },
    { nome: "Bia", planejadas: 2, visitas: [{ gasto: 4 }, { gasto: 5 }] },
  ],
};

describe("the collect form's values at any depth", () => {
  it("turns stored answers into entries of entries and back", () => {
    const values = valuesFromAnswers(shape, stored);
    expect(valueAt(values, "membros.1.visitas.1.gasto")).toBe("5");
    expect(buildAnswers(shape, values)).toEqual(stored);
  });

  it("changes one answer deep down and leaves the others as they were", () => {
    const values = valuesFromAnswers(shape, stored);
    const changed = withValueAt(values, "membros.1.visitas.0.gasto", "60");
    expect(buildAnswers(shape, changed)).toEqual({
      membros: [stored.membros[0], { nome: "Bia", planejadas: 2, visitas: [{ gasto: 60 }, { gasto: 5 }] }],
    });
    expect(withValueAt(values, "membros.7.visitas.0.gasto", "1")).toBe(values);
    expect(checkRecord(shape, changed, NOW).errors).toEqual({
      "membros.1.visitas.0.gasto": { key: "constraintFailed" },
    });
  });

  it("keeps new photos two levels down as outbox media under their full path", () => {
    const values = withValueAt(valuesFromAnswers(shape, stored), "membros.1.visitas.1.foto", {
      kind: "blob",
      blob: new Blob(["x"], { type: "image/jpeg" }),
      contentType: "image/jpeg",
    });
    expect(checkRecord(shape, values, NOW).media.map((item) => item.fieldId)).toEqual(["membros.1.visitas.1.foto"]);
  });

  it("adds an inner entry with defaults read from its outer entry, and follows repeat_count", () => {
    expect(entryWithDefaults(shape, valuesFromAnswers(shape, stored), "membros.1.visitas", NOW).values).toEqual({
      gasto: "4",
    });
    const start: FormValues = initialValues(shape, NOW);
    const named = withValueAt(withValueAt(start, "membros.0.nome", "Caio"), "membros.0.planejadas", "3");
    const settled = withRequiredEntries(shape, named, NOW);
    const visits = valueAt(settled, "membros.0.visitas");
    expect(isRepeatEntries(visits) ? visits.map((entry) => entry.values) : null).toEqual([
      { gasto: "6" },
      { gasto: "6" },
      { gasto: "6" },
    ]);
    const fewer = withRequiredEntries(shape, withValueAt(settled, "membros.0.planejadas", "1"), NOW);
    expect(buildAnswers(shape, fewer)).toEqual({ membros: [{ nome: "Caio", planejadas: 1, visitas: [{ gasto: 6 }] }] });
  });
});
