import { describe, expect, it } from "vitest";
import { formPages, formShape, pageFields } from "./form-structure.ts";
import { toCollectFields, type RawField } from "./form-values.ts";

function raw(id: string, fieldType: string, parentName: string | null = null, config: object = {}): RawField {
  return { id, fieldType, label: id.toUpperCase(), name: id, parentName, position: 0, config };
}

const fields = toCollectFields(
  [
    raw("intro", "note"),
    raw("nome", "text"),
    raw("casa", "section"),
    raw("comodos", "number", "CASA"),
    raw("moradores", "repeat"),
    raw("idade", "number", "moradores"),
    raw("orfao", "text", "sumiu"),
    raw("total", "calculation", null, { calculation: "count(${moradores})" }),
    raw("fim", "section"),
    raw("obs", "text", "fim"),
  ].map((field, position) => ({ ...field, position })),
);

describe("formShape", () => {
  const shape = formShape(fields);

  it("puts children in their section or repeat (names compare case-insensitively) and keeps orphans at the top", () => {
    expect(
      shape.nodes.map((node) => [
        node.kind,
        node.field.id,
        node.kind === "field" ? [] : node.children.map((c) => c.field.id),
      ]),
    ).toEqual([
      ["field", "intro", []],
      ["field", "nome", []],
      ["section", "casa", ["comodos"]],
      ["repeat", "moradores", ["idade"]],
      ["field", "orfao", []],
      ["field", "total", []],
      ["section", "fim", ["obs"]],
    ]);
  });

  it("answers top-level and section fields at the top, repeat children inside entries, never notes or calculations", () => {
    expect(shape.answered.map((field) => field.id)).toEqual(["nome", "comodos", "orfao", "obs"]);
    expect([...shape.repeats].map(([id, children]) => [id, children.map((child) => child.id)])).toEqual([
      ["moradores", ["idade"]],
    ]);
  });

  it("makes each section a page and each run of top-level blocks between sections another, in order", () => {
    const pages = formPages(shape.nodes);
    expect(pages.map((page) => [page.section?.id ?? null, pageFields(page).map((field) => field.id)])).toEqual([
      [null, ["intro", "nome"]],
      ["casa", ["casa", "comodos"]],
      [null, ["moradores", "idade", "orfao", "total"]],
      ["fim", ["fim", "obs"]],
    ]);
  });

  it("nests sections and repeats at any depth: repeats inside repeats answer inside their entries", () => {
    const nested = formShape(
      toCollectFields(
        [
          raw("casa", "section"),
          raw("moradores", "repeat", "casa"),
          raw("nome", "text", "moradores"),
          raw("visitas", "repeat", "moradores"),
          raw("detalhe", "section", "visitas"),
          raw("gasto", "number", "detalhe"),
          raw("laco", "section", "laco2"),
          raw("laco2", "section", "laco"),
        ].map((field, position) => ({ ...field, position })),
      ),
    );
    const tree = (nodes: typeof nested.nodes): unknown[] =>
      nodes.map((node) => (node.kind === "field" ? node.field.id : [node.field.id, tree(node.children)]));
    expect(tree(nested.nodes)).toEqual([
      ["casa", [["moradores", ["nome", ["visitas", [["detalhe", ["gasto"]]]]]]]],
      ["laco", []],
      ["laco2", []],
    ]);
    expect(nested.answered).toEqual([]);
    expect([...nested.repeats].map(([id, children]) => [id, children.map((child) => child.id)])).toEqual([
      ["moradores", ["nome"]],
      ["visitas", ["gasto"]],
    ]);
    expect([...nested.innerRepeats].map(([id, inner]) => [id, inner.map((repeat) => repeat.id)])).toEqual([
      [null, ["moradores"]],
      ["moradores", ["visitas"]],
    ]);
  });
});
