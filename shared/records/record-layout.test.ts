import { describe, expect, it } from "vitest";
import type { RecordField } from "./answer-format.ts";
import { detailItems, recordLayout, repeatEntries } from "./record-layout.ts";

function field(name: string, fieldType: string, parentName: string | null = null, removed = false): RecordField {
  return { id: `id-${name}`, label: name, name, parentName, fieldType, config: {}, removed };
}

const FORM = [
  field("nome", "text"),
  field("aviso", "note"),
  field("casa", "section"),
  field("comodos", "number", "casa"),
  field("total", "calculation", "casa"),
  field("arvores", "repeat"),
  field("especie", "single_choice", "arvores"),
  field("foto", "photo", "arvores"),
  field("dica", "note", "arvores"),
  field("vazia", "section"),
  field("antigo", "text", null, true),
  field("altura", "number", "ARVORES", true),
  field("orfao", "text", "secao_removida", true),
];

describe("recordLayout", () => {
  it("answers at the top level every field but notes, sections and repeat children; repeats keep their children", () => {
    const { answered, repeats } = recordLayout(FORM);
    expect(answered.map((f) => f.name)).toEqual(["nome", "comodos", "total", "arvores", "antigo", "orfao"]);
    expect(repeats.map(({ repeat, children }) => [repeat.name, children.map((f) => f.name)])).toEqual([
      ["arvores", ["especie", "foto", "altura"]],
    ]);
  });

  it("gives a repeat child to the live container when a removed one had the same name", () => {
    const removedRepeat = { ...field("arvores", "repeat", null, true), id: "old-repeat" };
    const { repeats } = recordLayout([...FORM, removedRepeat]);
    expect(repeats.find((r) => r.repeat.id === "id-arvores")?.children.map((f) => f.name)).toEqual([
      "especie",
      "foto",
      "altura",
    ]);
    expect(repeats.find((r) => r.repeat.id === "old-repeat")?.children).toEqual([]);
  });
});

describe("detailItems", () => {
  it("groups answers under their sections, repeats with their children, and leaves notes and empty sections out", () => {
    const outline = detailItems(FORM).map((item) =>
      item.kind === "section"
        ? { section: item.field.name, items: item.items.map((inner) => inner.field.name) }
        : item.kind === "repeat"
          ? { repeat: item.field.name, children: item.children.map((child) => child.name) }
          : item.field.name,
    );
    expect(outline).toEqual([
      "nome",
      { section: "casa", items: ["comodos", "total"] },
      { repeat: "arvores", children: ["especie", "foto", "altura"] },
      "antigo",
      "orfao",
    ]);
  });
});

describe("repeatEntries", () => {
  it("reads the objects of a list and nothing else", () => {
    expect(repeatEntries([{ a: 1 }, null, "x", [1], { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(repeatEntries(undefined)).toEqual([]);
    expect(repeatEntries({ a: 1 })).toEqual([]);
  });
});
