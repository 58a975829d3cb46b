import { describe, expect, it } from "vitest";
import {
  TREE_FOLLOW_UP as FOLLOW_UP,
  TREE_REGISTRATION as REGISTRATION,
} from "../../test-support/fixtures/entity-xlsform-fixtures.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";
import { exportXlsForm } from "./xlsform-export.ts";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import type { DesignedField } from "../../../shared/fields/field-config.ts";

async function importSheets(sheets: Record<string, SheetCells>, entityLists: string[] = []): Promise<XlsFormImport> {
  return importXlsForm(await readXlsFormBook(await buildXlsx(sheets)), "Trees", { entityLists });
}

async function imported(sheets: Record<string, SheetCells>, entityLists: string[] = []) {
  const result = await importSheets(sheets, entityLists);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
}

async function issuesOf(sheets: Record<string, SheetCells>, entityLists: string[] = []) {
  const result = await importSheets(sheets, entityLists);
  if (result.ok) throw new Error("imported");
  return result.issues.map(({ sheet, row, column, key, params }) => ({ sheet, row, column, key, params }));
}

describe("an XLSForm that creates entities", () => {
  it("becomes a create action on the list, its properties typed by the questions saving them", async () => {
    const result = await imported(REGISTRATION);
    expect(result.entities).toEqual({
      listName: "trees",
      properties: [
        { name: "species", type: "text" },
        { name: "circumference_cm", type: "number" },
        { name: "planted", type: "date" },
      ],
      action: {
        kind: "create",
        labelField: "entity_label",
        geometryField: "location",
        saves: { species: "species", circumference_cm: "circumference", planted: "planted" },
      },
    });
    // The label's expression is a calculation the action labels by.
    expect(result.form.fields.find((field) => field.name === "entity_label")).toMatchObject({
      fieldType: "calculation",
      config: { calculation: 'concat(${species}, " ", ${circumference}, "cm")' },
    });
  });

  it("labels by the question a plain ${name} label names, without adding one", async () => {
    const sheets = {
      ...REGISTRATION,
      entities: [
        ["list_name", "label"],
        ["trees", "${species}"],
      ],
    };
    const result = await imported(sheets);
    expect(result.entities?.action).toMatchObject({ kind: "create", labelField: "species" });
    expect(result.form.fields.map((field) => field.name)).not.toContain("entity_label");
  });

  it("refuses what pyxform refuses, each at its row", async () => {
    expect(
      await issuesOf({
        survey: [
          ["type", "name", "label", "save_to"],
          ["begin group", "g", "G", "grp"],
          ["text", "a", "A", "name"],
          ["text", "b", "B", "__b"],
          ["text", "c", "C", "height"],
          ["text", "d", "D", "Height"],
          ["end group", null, null, null],
          ["begin repeat", "r", "R", null],
          ["text", "e", "E", "inside"],
          ["end repeat", null, null, null],
          ["text", "f", "F", "other#prop"],
        ],
        entities: [
          ["list_name", "label"],
          ["trees.v2", "${a}"],
          ["houses", "${b}"],
        ],
      }),
    ).toEqual([
      { sheet: "entities", row: 3, column: "list_name", key: "xlsform:issues.entityListsMany", params: undefined },
      {
        sheet: "entities",
        row: 2,
        column: "list_name",
        key: "xlsform:issues.entityListInvalid",
        params: { list: "trees.v2" },
      },
      { sheet: "survey", row: 2, column: "save_to", key: "xlsform:issues.saveToOnGroup", params: undefined },
      { sheet: "survey", row: 3, column: "save_to", key: "xlsform:issues.saveToInvalid", params: { property: "name" } },
      { sheet: "survey", row: 4, column: "save_to", key: "xlsform:issues.saveToInvalid", params: { property: "__b" } },
      {
        sheet: "survey",
        row: 6,
        column: "save_to",
        key: "xlsform:issues.saveToDuplicate",
        params: { property: "Height", row: 5 },
      },
      { sheet: "survey", row: 9, column: "save_to", key: "xlsform:issues.saveToInRepeat", params: undefined },
      {
        sheet: "survey",
        row: 11,
        column: "save_to",
        key: "xlsform:issues.saveToOtherList",
        params: { list: "trees.v2" },
      },
    ]);
  });

  it("refuses save_to without an entities sheet, and a create without a label", async () => {
    expect(
      await issuesOf({
        survey: [
          ["type", "name", "save_to"],
          ["text", "a", "height"],
        ],
      }),
    ).toEqual([
      { sheet: "survey", row: 2, column: "save_to", key: "xlsform:issues.saveToWithoutEntities", params: undefined },
    ]);
    expect(
      await issuesOf({
        survey: [
          ["type", "name"],
          ["text", "a"],
        ],
        entities: [
          ["list_name", "update_if"],
          ["t", "1"],
        ],
      }),
    ).toEqual([
      { sheet: "entities", row: 2, column: "update_if", key: "xlsform:issues.entityIdMissing", params: { list: "t" } },
      { sheet: "entities", row: 2, column: "label", key: "xlsform:issues.entityLabelMissing", params: { list: "t" } },
    ]);
  });
});

describe("a follow-up XLSForm", () => {
  it("picks the entity with an entity question and updates it when its update_if holds", async () => {
    const result = await imported(FOLLOW_UP);
    expect(result.form.fields.find((field) => field.name === "tree")).toMatchObject({
      fieldType: "entity",
      config: { required: false },
    });
    expect(result.entities).toEqual({
      listName: "trees",
      properties: [{ name: "circumference_cm", type: "number" }],
      action: {
        kind: "update",
        entityField: "tree",
        saves: { circumference_cm: "circumference" },
        condition: "${circumference} > 0",
      },
    });
    expect(result.notes).toBeUndefined();
  });

  it("translates create_if from XPath, leaves an update's create_if out with a notice, refuses what does not translate", async () => {
    const created = await imported({
      ...REGISTRATION,
      entities: [
        ["list_name", "label", "create_if"],
        ["trees", "${species}", "${circumference} >= 10 and ${species} != 'morta' and true()"],
      ],
    });
    expect(created.entities?.action.condition).toBe("${circumference} >= 10 and ${species} != 'morta' and true");

    const upsert = await imported({
      ...FOLLOW_UP,
      entities: [
        ["list_name", "entity_id", "create_if", "update_if"],
        ["trees", "${tree}", "${tree} = ''", "${circumference} > 0"],
      ],
    });
    expect(upsert.entities?.action.condition).toBe("${circumference} > 0");
    expect(upsert.notes?.map((note) => [note.sheet, note.row, note.column, note.key])).toEqual([
      ["entities", 2, "create_if", "xlsform:issues.entityCreateIfOnUpdate"],
    ]);

    const issues = await issuesOf({
      ...REGISTRATION,
      entities: [
        ["list_name", "label", "create_if"],
        ["trees", "${species}", "${nowhere} > 1"],
      ],
    });
    expect(issues.map(({ sheet, row, column }) => [sheet, row, column])).toEqual([["entities", 2, "create_if"]]);
  });

  it("without an entities sheet, picks from an owner's list and changes nothing", async () => {
    const sheets = {
      survey: [
        ["type", "name", "label"],
        ["select_one_from_file Trees.csv", "tree", "Tree"],
      ],
    };
    const result = await imported(sheets, ["trees"]);
    expect(result.form.fields[0]?.fieldType).toBe("entity");
    expect(result.entities).toEqual({
      listName: "Trees",
      properties: [],
      action: { kind: "update", entityField: "tree", saves: {} },
    });
    // A file the owner has no list of stays a choice from the attached file.
    const other = await imported(sheets, ["houses"]);
    expect(other.form.fields[0]).toMatchObject({ fieldType: "single_choice", config: { choicesFile: "Trees.csv" } });
    expect(other.entities).toBeUndefined();
  });

  it("refuses an entity_id that is not the question picking from the list", async () => {
    const sheets = {
      ...FOLLOW_UP,
      entities: [
        ["list_name", "entity_id"],
        ["trees", "${circumference}"],
      ],
    };
    expect(await issuesOf(sheets)).toEqual([
      {
        sheet: "entities",
        row: 2,
        column: "entity_id",
        key: "xlsform:issues.entityIdUnsupported",
        params: { list: "trees" },
      },
    ]);
  });
});

describe("the export of a form's entities", () => {
  async function roundTrip(sheets: Record<string, SheetCells>) {
    const first = await imported(sheets);
    const entities = first.entities;
    if (!entities) throw new Error("no entities");
    const fields = first.form.fields.map((field, index) => ({ ...field, id: `f${index}` })) as DesignedField[];
    const listId = "4b0c5a52-6a57-4b8e-9a7c-3a4b6f7f2a10";
    const bytes = await exportXlsForm({
      name: first.form.name,
      formVersion: 1,
      sectionPages: false,
      fields,
      entities: { listName: entities.listName, action: { ...entities.action, listId } },
    });
    const book = await readXlsFormBook(bytes);
    const again = importXlsForm(book, "Trees", { entityLists: [entities.listName] });
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    return { first, book, again };
  }

  it("writes the entities sheet and save_to, which import back as the same action and mapping", async () => {
    const { first, book, again } = await roundTrip(REGISTRATION);
    expect(book.entities?.rows.map((row) => Object.fromEntries(row.cells))).toEqual([
      { list_name: "trees", label: "${entity_label}" },
    ]);
    expect(book.survey?.rows.flatMap((row) => row.cells.get("save_to") ?? [])).toEqual([
      "geometry",
      "species",
      "circumference_cm",
      "planted",
    ]);
    expect(again.entities).toEqual(first.entities);
    expect(again.form.fields).toEqual(first.form.fields);
  });

  it("writes the entity question as select_one_from_file of its list", async () => {
    const { first, book, again } = await roundTrip(FOLLOW_UP);
    expect(book.survey?.rows[0]?.cells.get("type")).toBe("select_one_from_file trees.csv");
    expect(book.entities?.rows.map((row) => Object.fromEntries(row.cells))).toEqual([
      { list_name: "trees", entity_id: "${tree}", update_if: "${circumference} > 0" },
    ]);
    expect(again.entities).toEqual(first.entities);
  });
});
