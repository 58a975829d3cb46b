import { describe, expect, it } from "vitest";
import type { RecordField } from "./answer-format.ts";
import { detailItems, recordLayout, repeatEntries, repeatLevels, type DetailItem } from "./record-layout.ts";

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

/** An outline as names: an answer by its name, a container as { kind: name, items }. */
function outline(item: DetailItem): unknown {
  return item.kind === "answer" ? item.field.name : { [item.kind]: item.field.name, items: item.items.map(outline) };
}

/**
 * Three levels of repeats with sections at each level: households hold members (in a section), members hold visits;
 * a section inside a visit, a section holding a section at the top, notes everywhere.
 */
const NESTED = [
  field("municipio", "text"),
  field("domicilios", "repeat"),
  field("endereco", "text", "domicilios"),
  field("moradores", "section", "domicilios"),
  field("membros", "repeat", "moradores"),
  field("nome_membro", "text", "membros"),
  field("aviso_membro", "note", "membros"),
  field("visitas", "repeat", "membros"),
  field("data_visita", "date", "visitas"),
  field("saude", "section", "visitas"),
  field("peso", "number", "saude"),
  field("vazia_visita", "section", "visitas"),
  field("idade", "number", "membros"),
  field("fechamento", "section"),
  field("detalhes", "section", "fechamento"),
  field("obs_final", "text", "detalhes"),
  field("nota_removida", "text", "visitas", true),
];

describe("recordLayout at depth 3", () => {
  it("answers each field in its nearest repeat through any sections, and nests the repeats as a tree", () => {
    const { answered, repeats } = recordLayout(NESTED);
    expect(answered.map((f) => f.name)).toEqual(["municipio", "domicilios", "obs_final"]);
    const tree = (layout: (typeof repeats)[number]): unknown => ({
      [layout.repeat.name]: layout.children.map((f) => f.name),
      inner: layout.repeats.map(tree),
    });
    expect(repeats.map(tree)).toEqual([
      {
        domicilios: ["endereco", "membros"],
        inner: [
          {
            membros: ["nome_membro", "visitas", "idade"],
            inner: [{ visitas: ["data_visita", "peso", "nota_removida"], inner: [] }],
          },
        ],
      },
    ]);
  });

  it("lists every repeat level outer first, each with the chain of repeats down to it", () => {
    const levels = repeatLevels(recordLayout(NESTED).repeats);
    expect(levels.map(({ chain }) => chain.map((f) => f.name))).toEqual([
      ["domicilios"],
      ["domicilios", "membros"],
      ["domicilios", "membros", "visitas"],
    ]);
  });

  it("reads a field caught in a container cycle at the top level instead of losing it", () => {
    const looped = [field("a", "repeat", "b"), field("b", "repeat", "a"), field("x", "text", "a")];
    const { answered, repeats } = recordLayout(looped);
    expect(answered.map((f) => f.name)).toEqual(["a", "b"]);
    expect(repeats.find((r) => r.repeat.name === "a")?.children.map((f) => f.name)).toEqual(["x"]);
  });
});

describe("detailItems", () => {
  it("groups answers under their sections, repeats with their children, and leaves notes and empty sections out", () => {
    expect(detailItems(FORM).map(outline)).toEqual([
      "nome",
      { section: "casa", items: ["comodos", "total"] },
      { repeat: "arvores", items: ["especie", "foto", "altura"] },
      "antigo",
      "orfao",
    ]);
  });
});

describe("detailItems at depth 3", () => {
  it("nests sections and repeats as the form does, an entry's outline under each repeat, empty sections left out", () => {
    expect(detailItems(NESTED).map(outline)).toEqual([
      "municipio",
      {
        repeat: "domicilios",
        items: [
          "endereco",
          {
            section: "moradores",
            items: [
              {
                repeat: "membros",
                items: [
                  "nome_membro",
                  { repeat: "visitas", items: ["data_visita", { section: "saude", items: ["peso"] }, "nota_removida"] },
                  "idade",
                ],
              },
            ],
          },
        ],
      },
      { section: "fechamento", items: [{ section: "detalhes", items: ["obs_final"] }] },
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
