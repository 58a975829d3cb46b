import { describe, expect, it } from "vitest";
import { FIELD_TYPES } from "../../../../shared/fields/field-types.ts";
import { fieldsReducer, fromStoredField, newField, toPayloadFields, type DesignerField } from "./designer-fields.ts";
import { buildPayload, NEW_APPLICATION_SETTINGS } from "./designer-settings.ts";
import { formIssues } from "./field-issues.ts";

const STORED_ID = "6f1c1d52-7a3e-4c55-9a55-3d7a1f0b2c11";

describe("fieldsReducer", () => {
  const a = newField("text", "A");
  const b = newField("number", "B");
  const c = newField("gps", "C");
  it("adds at the end, removes, reinserts for undo, moves and updates", () => {
    let fields: DesignerField[] = [];
    for (const field of [a, b, c]) fields = fieldsReducer(fields, { type: "add", field });
    expect(fields.map((field) => field.label)).toEqual(["A", "B", "C"]);
    fields = fieldsReducer(fields, { type: "remove", id: b.id });
    expect(fields.map((field) => field.label)).toEqual(["A", "C"]);
    fields = fieldsReducer(fields, { type: "insert", field: b, index: 1 });
    expect(fields.map((field) => field.label)).toEqual(["A", "B", "C"]);
    fields = fieldsReducer(fields, { type: "drop", activeId: c.id, overId: a.id });
    expect(fields.map((field) => field.label)).toEqual(["C", "A", "B"]);
    fields = fieldsReducer(fields, { type: "update", field: { ...a, label: "A2" } });
    expect(fields.map((field) => field.label)).toEqual(["C", "A2", "B"]);
  });
});

describe("payload and completeness", () => {
  it("gives every type a default config that passes the shared rules, except choices and ranks without options and calculations without a formula", () => {
    const fields = FIELD_TYPES.map((type) => newField(type, type));
    const incomplete = formIssues(fields).keys();
    expect([...incomplete].map((id) => fields.find((field) => field.id === id)?.fieldType).sort()).toEqual([
      "calculation",
      "multiple_choice",
      "rank",
      "single_choice",
    ]);
  });

  it("counts a field without a label as incomplete", () => {
    const field = { ...newField("text", "x"), label: "  " };
    expect(formIssues([field]).get(field.id)).toMatchObject([{ property: "label", key: "fields:labelRequired" }]);
  });

  it("names new fields from their label, unique in the form, and flags names the form already uses", () => {
    const first = newField("text", "Espécie");
    const second = newField("text", "Espécie", new Set([first.name]));
    expect([first.name, second.name]).toEqual(["especie", "especie_2"]);
    const clash = { ...second, name: "ESPECIE" };
    expect(formIssues([first, clash]).get(clash.id)).toEqual([{ property: "name", key: "fields:duplicateFieldName" }]);
  });

  it("renames a field in every expression and in its children's parent when saved from the dialog", () => {
    const group = { ...newField("repeat", "Árvores"), name: "arvores" };
    const height = { ...newField("number", "Altura"), name: "altura", parentName: "arvores" };
    const total = {
      ...newField("calculation", "Total"),
      config: { calculation: "sum(${altura}) + count(${ arvores })" },
    };
    const note = { ...newField("note", "Aviso"), config: { relevant: "count(${ARVORES}) > 2" } };
    const fields = fieldsReducer([group, height, total, note], {
      type: "update",
      field: { ...group, name: "plantas" },
    });
    expect(fields.map((field) => [field.name, field.parentName])).toEqual([
      ["plantas", null],
      ["altura", "plantas"],
      ["total", null],
      ["aviso", null],
    ]);
    expect(fields[2]?.config.calculation).toBe("sum(${altura}) + count(${plantas})");
    expect(fields[3]?.config.relevant).toBe("count(${plantas}) > 2");
  });

  it("keeps stored uuids, drops temporary ids, numbers positions in list order and trims", () => {
    const stored = fromStoredField({
      id: STORED_ID,
      applicationId: "app",
      fieldType: "single_choice",
      label: "Cor",
      name: "cor",
      parentName: null,
      position: 4,
      category: "choice",
      config: { options: ["Azul"], fieldLabel: "legacy" },
      createdAt: "",
      updatedAt: "",
    });
    const fresh = {
      ...newField("number", " Idade "),
      config: { required: true, format: "integer", minValue: 0, maxValue: null, description: "" },
    };
    expect(toPayloadFields([fresh, stored])).toEqual([
      {
        fieldType: "number",
        label: "Idade",
        name: "idade",
        parentName: null,
        position: 0,
        config: { required: true, format: "integer", minValue: 0 },
      },
      {
        id: STORED_ID,
        fieldType: "single_choice",
        label: "Cor",
        name: "cor",
        parentName: null,
        position: 1,
        config: { required: false, options: ["Azul"], fieldLabel: "legacy" },
      },
    ]);
  });

  it("builds the application payload with trimmed settings, members only once the picker was used", () => {
    const settings = {
      ...NEW_APPLICATION_SETTINGS,
      name: "  Vistoria ",
      description: " ",
      imageUrl: "",
      visibility: "specific" as const,
    };
    expect(buildPayload(settings, [])).toEqual({
      name: "Vistoria",
      visibility: "specific",
      active: true,
      sectionPages: false,
      fields: [],
    });
    expect(buildPayload({ ...settings, sectionPages: true }, []).sectionPages).toBe(true);
    const members = [{ teamMemberId: "m1", role: "collaborator" as const }];
    expect(buildPayload({ ...settings, members, membersTouched: true }, []).members).toEqual(members);
    expect(
      buildPayload({ ...settings, visibility: "team", members, membersTouched: true }, []).members,
    ).toBeUndefined();
  });
});
