import { describe, expect, it } from "vitest";
import { form, type Spec } from "../../../shared/forms/test-form.ts";
import { answeredIds, entityListReads } from "./entity-list-reads.ts";

const calculation = (name: string, source: string): Spec => ({
  name,
  fieldType: "calculation",
  config: { calculation: source },
});
const tree: Spec = { name: "tree", fieldType: "entity" };

describe("which entities of its list a form's expressions read", () => {
  it("only those an answer names when every lookup is by the id a question answers", () => {
    expect(
      entityListReads(
        "trees",
        form(
          tree,
          calculation("species", "instance('trees')/root/item[name=${tree}]/species"),
          calculation("height", "pulldata('Trees.csv', 'height', 'name', ${tree})"),
          calculation("other", "instance('cities')/root/item[state=${tree}]/label"),
        ),
      ),
    ).toBe("byId");
  });

  it("the whole list for a filter on another column, a computed key or a lookup without a filter", () => {
    const reads = (source: string, ...more: Spec[]) =>
      entityListReads("trees", form(tree, ...more, calculation("read", source)));
    expect(reads("instance('trees')/root/item[species=${tree}]/label")).toBe("all");
    expect(reads("instance('trees')/root/item[name=${key}]/label", calculation("key", "${tree}"))).toBe("all");
    expect(reads("instance('trees')/root/item/label")).toBe("all");
    expect(reads("pulldata('trees', 'label', 'species', ${tree})")).toBe("all");
    expect(
      reads(
        "concat(instance('trees')/root/item[name=${tree}]/label, instance('trees')/root/item[name != ${tree}]/label)",
      ),
    ).toBe("all");
  });

  it("none when no expression names the list", () => {
    expect(entityListReads("trees", form(tree, calculation("x", "pulldata('wells', 'depth', 'name', ${tree})")))).toBe(
      "none",
    );
  });

  it("collects the id-shaped answers of records, repeat entries included", () => {
    const id = "0F9E8C5A-1B2C-4D3E-8F70-112233445566";
    expect([
      ...answeredIds([{ a: id, b: "texto", c: 3 }, { r: [{ t: "4b0c5a52-6a57-4b8e-9a7c-3a4b6f7f2a10" }] }]),
    ]).toEqual([id.toLowerCase(), "4b0c5a52-6a57-4b8e-9a7c-3a4b6f7f2a10"]);
  });
});
