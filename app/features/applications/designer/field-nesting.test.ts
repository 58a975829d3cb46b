import { describe, expect, it } from "vitest";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import { depthOf, moveByStep, moveIntoContainer, moveOnto, removeField, type NestableField } from "./field-nesting.ts";

/** `name` or `name>parent`; `sec`/`rep…` names are sections and repeats. */
function form(...rows: string[]): NestableField[] {
  return rows.map((row) => {
    const [name = "", parent] = row.split(">");
    const fieldType: FieldType = name.startsWith("sec") ? "section" : name.startsWith("rep") ? "repeat" : "text";
    return { id: name, fieldType, name, parentName: parent ?? null };
  });
}

function rows(fields: readonly NestableField[]): string[] {
  return fields.map((field) => (field.parentName ? `${field.name}>${field.parentName}` : field.name));
}

describe("arrow moves walk through containers", () => {
  const start = form("a", "sec", "b>sec", "c>sec", "d");

  it("a field moving down enters a container first, then moves among its children, then leaves it", () => {
    let fields = moveByStep(start, "a", 1);
    expect(rows(fields)).toEqual(["sec", "a>sec", "b>sec", "c>sec", "d"]);
    fields = moveByStep(fields, "a", 1);
    expect(rows(fields)).toEqual(["sec", "b>sec", "a>sec", "c>sec", "d"]);
    fields = moveByStep(fields, "a", 1);
    fields = moveByStep(fields, "a", 1);
    expect(rows(fields)).toEqual(["sec", "b>sec", "c>sec", "a", "d"]);
    fields = moveByStep(fields, "a", 1);
    expect(rows(fields)).toEqual(["sec", "b>sec", "c>sec", "d", "a"]);
    expect(moveByStep(fields, "a", 1)).toEqual(fields);
  });

  it("a field moving up enters a container from below as its last child and leaves it above", () => {
    let fields = moveByStep(start, "d", -1);
    expect(rows(fields)).toEqual(["a", "sec", "b>sec", "c>sec", "d>sec"]);
    fields = moveByStep(moveByStep(fields, "d", -1), "d", -1);
    expect(rows(fields)).toEqual(["a", "sec", "d>sec", "b>sec", "c>sec"]);
    fields = moveByStep(fields, "d", -1);
    expect(rows(fields)).toEqual(["a", "d", "sec", "b>sec", "c>sec"]);
    expect(moveByStep(moveByStep(fields, "d", -1), "d", -1)).toEqual(form("d", "a", "sec", "b>sec", "c>sec"));
  });

  it("an empty container is entered too", () => {
    expect(rows(moveByStep(form("a", "rep"), "a", 1))).toEqual(["rep", "a>rep"]);
    expect(rows(moveByStep(form("rep", "a"), "a", -1))).toEqual(["rep", "a>rep"]);
  });

  it("a container moves with its children past whole blocks", () => {
    const fields = form("a", "sec", "b>sec", "rep", "c>rep", "d");
    expect(rows(moveByStep(fields, "sec", -1))).toEqual(["sec", "b>sec", "a", "rep", "c>rep", "d"]);
    expect(rows(moveByStep(fields, "sec", 1))).toEqual(["a", "rep", "c>rep", "sec", "b>sec", "d"]);
    expect(rows(moveByStep(fields, "rep", -1))).toEqual(["a", "rep", "c>rep", "sec", "b>sec", "d"]);
    expect(moveByStep(form("sec", "b>sec"), "sec", 1)).toEqual(form("sec", "b>sec"));
  });
});

describe("drag and drop", () => {
  const start = form("a", "sec", "b>sec", "c>sec", "d");

  it("a field dropped on a container from above goes first inside, from below just before it", () => {
    expect(rows(moveOnto(start, "a", "sec"))).toEqual(["sec", "a>sec", "b>sec", "c>sec", "d"]);
    expect(rows(moveOnto(start, "d", "sec"))).toEqual(["a", "d", "sec", "b>sec", "c>sec"]);
  });

  it("a field dropped on a child joins that container; a child dropped on a top-level field leaves it", () => {
    expect(rows(moveOnto(start, "a", "c"))).toEqual(["sec", "b>sec", "c>sec", "a>sec", "d"]);
    expect(rows(moveOnto(start, "d", "b"))).toEqual(["a", "sec", "d>sec", "b>sec", "c>sec"]);
    expect(rows(moveOnto(start, "b", "d"))).toEqual(["a", "sec", "c>sec", "d", "b"]);
    expect(rows(moveOnto(start, "c", "a"))).toEqual(["c", "a", "sec", "b>sec", "d"]);
  });

  it("a container dropped anywhere moves as a block and never lands inside another", () => {
    const fields = form("sec", "b>sec", "rep", "c>rep", "d");
    expect(rows(moveOnto(fields, "sec", "c"))).toEqual(["rep", "c>rep", "sec", "b>sec", "d"]);
    expect(rows(moveOnto(fields, "rep", "b"))).toEqual(["rep", "c>rep", "sec", "b>sec", "d"]);
    expect(moveOnto(fields, "sec", "b")).toEqual(fields);
  });
});

describe("'Dentro de' and removal", () => {
  it("puts a field last into the chosen container, or just after its container when taken out", () => {
    const fields = form("a", "sec", "b>sec", "rep", "c>rep");
    expect(rows(moveIntoContainer(fields, "a", "rep"))).toEqual(["sec", "b>sec", "rep", "c>rep", "a>rep"]);
    expect(rows(moveIntoContainer(fields, "c", "sec"))).toEqual(["a", "sec", "b>sec", "c>sec", "rep"]);
    expect(rows(moveIntoContainer(fields, "b", null))).toEqual(["a", "sec", "b", "rep", "c>rep"]);
    expect(rows(moveIntoContainer(fields, "sec", "rep"))).toEqual(["a", "rep", "c>rep", "sec>rep", "b>sec"]);
  });

  it("removing a container moves its children out where they are, or removes them with it", () => {
    const fields = form("a", "sec", "b>sec", "c>sec", "d");
    expect(rows(removeField(fields, "sec"))).toEqual(["a", "b", "c", "d"]);
    expect(rows(removeField(fields, "sec", "remove"))).toEqual(["a", "d"]);
    expect(rows(removeField(fields, "b"))).toEqual(["a", "sec", "c>sec", "d"]);
  });
});

describe("blocks at any depth (issue 24)", () => {
  // house → members (repeat) → visits (repeat) → cost, then a top-level field.
  const tree = form(
    "sec_house",
    "rep_members>sec_house",
    "name>rep_members",
    "rep_visits>rep_members",
    "cost>rep_visits",
    "end",
  );

  it("indents each row once per container around it", () => {
    expect(tree.map((field) => depthOf(tree, field))).toEqual([0, 1, 2, 2, 3, 0]);
  });

  it("moves a container with everything inside it, into another container or after a block", () => {
    expect(rows(moveIntoContainer(tree, "rep_visits", "sec_house"))).toEqual([
      "sec_house",
      "rep_members>sec_house",
      "name>rep_members",
      "rep_visits>sec_house",
      "cost>rep_visits",
      "end",
    ]);
    expect(rows(moveOnto(tree, "sec_house", "end"))).toEqual([
      "end",
      "sec_house",
      "rep_members>sec_house",
      "name>rep_members",
      "rep_visits>rep_members",
      "cost>rep_visits",
    ]);
  });

  it("refuses to put a container inside itself or one of its descendants", () => {
    expect(moveIntoContainer(tree, "rep_members", "rep_visits")).toEqual(tree);
    expect(moveIntoContainer(tree, "rep_members", "rep_members")).toEqual(tree);
    expect(moveOnto(tree, "sec_house", "cost")).toEqual(tree);
  });

  it("a removed container's children move to its own parent, or go with everything inside them", () => {
    expect(rows(removeField(tree, "rep_members"))).toEqual([
      "sec_house",
      "name>sec_house",
      "rep_visits>sec_house",
      "cost>rep_visits",
      "end",
    ]);
    expect(rows(removeField(tree, "rep_members", "remove"))).toEqual(["sec_house", "end"]);
  });

  it("a field leaving a nested container by arrow lands in the container's parent", () => {
    expect(rows(moveByStep(tree, "cost", 1))).toContain("cost>rep_members");
  });
});
