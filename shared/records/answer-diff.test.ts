import { describe, expect, it } from "vitest";
import { diffAnswers } from "./answer-diff.ts";
import type { RecordField } from "./answer-format.ts";

const field = (id: string, label: string, fieldType = "text", removed = false): RecordField => ({
  id,
  label,
  name: id,
  parentName: null,
  fieldType,
  config: {},
  removed,
});

const FIELDS = [
  field("name", "Nome"),
  field("age", "Idade", "number"),
  field("photo", "Foto", "photo"),
  field("trees", "Árvores", "repeat"),
  field("species", "Espécie"),
  field("height", "Altura", "number"),
  field("old", "Antigo", "text", true),
];

const summary = (changes: ReturnType<typeof diffAnswers>) =>
  changes.map((change) => [
    change.repeat ? `${change.repeat.label}[${change.repeat.index}].${change.field.label}` : change.field.label,
    change.before,
    change.after,
  ]);

describe("diffAnswers", () => {
  it("lists only the answers that changed, in form order, absent answers as null", () => {
    const before = { age: 30, name: "Ana", old: "x" };
    const after = { name: "Ana", age: 31, photo: { attachmentId: "a1", sha256: "f0" } };
    expect(summary(diffAnswers(FIELDS, before, after))).toEqual([
      ["Idade", 30, 31],
      ["Foto", null, { attachmentId: "a1", sha256: "f0" }],
      ["Antigo", "x", null],
    ]);
    expect(diffAnswers(FIELDS, before, { ...before })).toEqual([]);
  });

  it("compares media by reference: the same photo is no change, another one is", () => {
    const photo = { attachmentId: "a1", sha256: "f0" };
    expect(diffAnswers(FIELDS, { photo }, { photo: { ...photo } })).toEqual([]);
    expect(summary(diffAnswers(FIELDS, { photo }, { photo: { attachmentId: "a2", sha256: "f1" } }))).toEqual([
      ["Foto", photo, { attachmentId: "a2", sha256: "f1" }],
    ]);
  });

  it("compares a repeat group entry by entry and child by child, added and removed entries included", () => {
    const before = {
      trees: [
        { species: "Ipê", height: 4 },
        { species: "Jatobá", height: 9 },
      ],
    };
    const after = {
      trees: [{ species: "Ipê", height: 5 }, { species: "Jatobá", height: 9 }, { species: "Pau-brasil" }],
    };
    expect(summary(diffAnswers(FIELDS, before, after))).toEqual([
      ["Árvores[0].Altura", 4, 5],
      ["Árvores[2].Espécie", null, "Pau-brasil"],
    ]);
    expect(summary(diffAnswers(FIELDS, after, { trees: [] }))).toEqual([
      ["Árvores[0].Espécie", "Ipê", null],
      ["Árvores[0].Altura", 5, null],
      ["Árvores[1].Espécie", "Jatobá", null],
      ["Árvores[1].Altura", 9, null],
      ["Árvores[2].Espécie", "Pau-brasil", null],
    ]);
  });

  it("compares inner repeats entry by entry too, naming every enclosing entry", () => {
    const nested = [...FIELDS, field("visits", "Visitas", "repeat"), field("weight", "Peso", "number")];
    const before = { trees: [{ species: "Ipê", visits: [{ weight: 1 }] }, { species: "Jatobá" }] };
    const after = { trees: [{ species: "Ipê", visits: [{ weight: 2 }, { weight: 3 }] }, { species: "Jatobá" }] };
    const changes = diffAnswers(nested, before, after);
    expect(
      changes.map((change) => [
        [...(change.within ?? []), change.repeat].map((entry) => `${entry?.label}[${entry?.index}]`).join("."),
        change.field.label,
        change.before,
        change.after,
      ]),
    ).toEqual([
      ["Árvores[0].Visitas[0]", "Peso", 1, 2],
      ["Árvores[0].Visitas[1]", "Peso", null, 3],
    ]);
    // At one level nothing encloses the entry.
    expect(diffAnswers(FIELDS, { trees: [{ height: 1 }] }, { trees: [{ height: 2 }] })[0]?.within).toBeUndefined();
  });

  it("names a field the form no longer knows by its id, as removed", () => {
    const [change] = diffAnswers(FIELDS, { gone: 1 }, {});
    expect(change?.field).toEqual({
      id: "gone",
      label: "gone",
      name: "gone",
      parentName: null,
      fieldType: "text",
      config: {},
      removed: true,
    });
  });
});
