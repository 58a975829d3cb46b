import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "../expressions/index.ts";
import { formTables } from "../form-files/form-tables.ts";
import { entityActionFields } from "./entity-action-fields.ts";
import { entityListTable, withEntityList } from "./entity-table.ts";
import { entityChangeOf, entityValueOf } from "./entity-changes.ts";
import { form } from "../forms/test-form.ts";
import { recordClock } from "../forms/record-clock.ts";
import { searchEntities } from "./entity-search.ts";
import { entityActionSchema, entityListInputSchema } from "./entity-schemas.ts";

const LIST = "4b0c5a52-6a57-4b8e-9a7c-3a4b6f7f2a10";
const fields = form(
  { name: "especie", fieldType: "text" },
  { name: "altura", fieldType: "number" },
  { name: "local", fieldType: "gps" },
  { name: "arvore", fieldType: "entity" },
  { name: "pragas", fieldType: "multiple_choice", config: { options: ["cupim", "broca"] } },
);

describe("entity changes of a record", () => {
  const create = entityActionSchema.parse({
    kind: "create",
    listId: LIST,
    labelField: "especie",
    geometryField: "local",
    saves: { especie: "especie", altura: "altura", pragas: "pragas" },
  });

  it("creates an entity under the record's id, labelled and placed by its answers", () => {
    const change = entityChangeOf(create, fields, {
      id: "0F9E8C5A-1B2C-4D3E-8F70-112233445566",
      answers: {
        especie: "Ipê",
        altura: 4.5,
        local: { latitude: -15.8, longitude: -47.9, accuracy: 5 },
        pragas: ["cupim", "broca"],
      },
      location: { latitude: 1, longitude: 2 },
    });
    expect(change).toEqual({
      kind: "create",
      listId: LIST,
      entityId: "0f9e8c5a-1b2c-4d3e-8f70-112233445566",
      label: "Ipê",
      properties: { especie: "Ipê", altura: 4.5, pragas: "cupim broca" },
      geometry: { latitude: -15.8, longitude: -47.9 },
    });
  });

  it("falls back to the record's own location, and leaves unanswered properties out", () => {
    const change = entityChangeOf(create, fields, {
      id: "0f9e8c5a-1b2c-4d3e-8f70-112233445566",
      answers: { especie: "Ipê", altura: "" },
      location: { latitude: 1, longitude: 2 },
    });
    expect(change).toMatchObject({ properties: { especie: "Ipê" }, geometry: { latitude: 1, longitude: 2 } });
  });

  it("updates the entity the entity question picked, and nothing when it is empty or not an id", () => {
    const update = entityActionSchema.parse({
      kind: "update",
      listId: LIST,
      entityField: "arvore",
      saves: { altura: "altura" },
    });
    const picked = "0f9e8c5a-1b2c-4d3e-8f70-112233445566";
    expect(entityChangeOf(update, fields, { id: "r", answers: { arvore: picked, altura: 6 } })).toEqual({
      kind: "update",
      listId: LIST,
      entityId: picked,
      properties: { altura: 6 },
    });
    expect(entityChangeOf(update, fields, { id: "r", answers: { altura: 6 } })).toBeNull();
    // An update saving nothing only picks (ODK's read-only follow-up): the visit makes no version.
    const pickOnly = { ...update, saves: {} };
    expect(entityChangeOf(pickOnly, fields, { id: "r", answers: { arvore: picked, altura: 6 } })).toBeNull();
    expect(entityChangeOf(update, fields, { id: "r", answers: { arvore: "árvore 3" } })).toBeNull();
  });

  it("creates or updates only when the action's condition (create_if / update_if) holds for the record", () => {
    const conditioned = form(
      { name: "especie", fieldType: "text" },
      { name: "altura", fieldType: "number" },
      { name: "arvore", fieldType: "entity" },
      { name: "viva", fieldType: "calculation", config: { calculation: "${especie} != 'morta'" } },
    );
    const create = entityActionSchema.parse({
      kind: "create",
      listId: LIST,
      labelField: "especie",
      saves: { altura: "altura" },
      condition: "${viva} and ${altura} >= 1",
    });
    const tree = (especie: string, altura: number) => ({
      id: "0f9e8c5a-1b2c-4d3e-8f70-112233445566",
      answers: { especie, altura },
    });
    expect(entityChangeOf(create, conditioned, tree("Ipê", 2))).toMatchObject({ kind: "create", label: "Ipê" });
    expect(entityChangeOf(create, conditioned, tree("Ipê", 0.5))).toBeNull();
    // A calculation the condition reads is computed from the answers, as the form computes it.
    expect(entityChangeOf(create, conditioned, tree("morta", 2))).toBeNull();

    const picked = "0f9e8c5a-1b2c-4d3e-8f70-112233445566";
    const update = entityActionSchema.parse({
      kind: "update",
      listId: LIST,
      entityField: "arvore",
      saves: { altura: "altura" },
      condition: "${altura} > today() - today()",
    });
    const visit = (altura: number) => ({ id: "r", answers: { arvore: picked, altura } });
    const clock = recordClock("2026-11-27T10:00:00-03:00");
    expect(entityChangeOf(update, conditioned, visit(3), clock)).toMatchObject({ kind: "update", entityId: picked });
    expect(entityChangeOf(update, conditioned, visit(0), clock)).toBeNull();
    // A condition that no longer parses (the action is checked when set) changes nothing.
    expect(entityChangeOf({ ...update, condition: "${altura} >" }, conditioned, visit(3))).toBeNull();
  });

  it("writes answers the way ODK writes them into an entity", () => {
    expect(entityValueOf(true)).toBe("true");
    expect(entityValueOf({ latitude: 1.5, longitude: 2.5 })).toBe("1.5 2.5");
    expect(entityValueOf({ sha256: "x" })).toBeNull();
    expect(entityValueOf(Number.NaN)).toBeNull();
  });
});

describe("the fields an entity action may name", () => {
  it("are those answered once a record: at the top level or in sections, not inside a repeat", () => {
    const form = [
      { name: "top", fieldType: "text", parentName: null },
      { name: "group", fieldType: "section", parentName: null },
      { name: "in_group", fieldType: "text", parentName: "group" },
      { name: "visits", fieldType: "repeat", parentName: null },
      { name: "inner", fieldType: "section", parentName: "visits" },
      { name: "in_repeat", fieldType: "number", parentName: "inner" },
    ];
    expect(entityActionFields(form).map((field) => field.name)).toEqual(["top", "group", "in_group", "visits"]);
  });
});

describe("an entity list read by expressions", () => {
  it("answers ODK's instance lookup by the entity's id, its properties as text; an attached file comes first", () => {
    const list = entityListTable({ name: "Trees", properties: [{ name: "species" }, { name: "height" }] }, [
      { id: "e1", label: "Ipê 80cm", version: 2, properties: { species: "Ipê", height: 4.5 } },
      { id: "e2", label: "Jatobá", version: 1, properties: { species: null } },
    ]);
    const tables = withEntityList(() => undefined, list);
    const read = (source: string, tree: string) => {
      const parsed = parseExpression(source);
      if (!parsed.ok) throw new Error(source);
      return evaluateExpression(parsed.expression, { field: () => tree, tables });
    };
    expect(read("instance('trees')/root/item[name=${tree}]/species", "e1")).toBe("Ipê");
    expect(read("instance('trees')/root/item[name=${tree}]/height", "e1")).toBe("4.5");
    expect(read("instance('trees')/root/item[name=${tree}]/label", "e2")).toBe("Jatobá");
    expect(read("instance('trees')/root/item[name=${tree}]/species", "e2")).toBe("");
    expect(read("pulldata('trees', 'species', 'name', ${tree})", "e1")).toBe("Ipê");
    const file = formTables([{ name: "trees.csv", data: { columns: ["name", "species"], rows: [["e1", "Cedro"]] } }]);
    expect(withEntityList(file, list)("trees")?.cell(0, 1)).toBe("Cedro");
    expect(withEntityList(() => undefined, undefined)("trees")).toBeUndefined();
  });
});

describe("entity schemas", () => {
  it("refuses ODK's reserved property names and the same name twice", () => {
    const list = (names: string[]) =>
      entityListInputSchema.safeParse({ name: "Árvores", properties: names.map((name) => ({ name, type: "text" })) });
    expect(list(["especie", "altura"]).success).toBe(true);
    expect(list(["label"]).success).toBe(false);
    expect(list(["__id"]).success).toBe(false);
    expect(list(["altura", "Altura"]).success).toBe(false);
  });
});

describe("entity search", () => {
  const trees = [
    { label: "Pau-brasil", latitude: -15.0, longitude: -47.0 },
    { label: "Ipê-amarelo", latitude: -15.79, longitude: -47.88 },
    { label: "Ipê-roxo", latitude: null, longitude: null },
    { label: "Ipê-branco", latitude: -10.0, longitude: -40.0 },
  ];

  it("finds every typed word whatever the case and accents, nearest first when the place is known", () => {
    const here = { latitude: -15.8, longitude: -47.9 };
    expect(searchEntities(trees, "ipe", here).map((tree) => tree.label)).toEqual([
      "Ipê-amarelo",
      "Ipê-branco",
      "Ipê-roxo",
    ]);
    expect(searchEntities(trees, "IPE roxo", here).map((tree) => tree.label)).toEqual(["Ipê-roxo"]);
  });

  it("orders by label when the device does not know where it is", () => {
    expect(searchEntities(trees, "", null).map((tree) => tree.label)).toEqual([
      "Ipê-amarelo",
      "Ipê-branco",
      "Ipê-roxo",
      "Pau-brasil",
    ]);
  });
});
