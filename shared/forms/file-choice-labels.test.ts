import { describe, expect, it } from "vitest";
import { formTables } from "../form-files/form-tables.ts";
import { fileChoiceLabels, labelledAnswer } from "./file-choice-labels.ts";

const tables = formTables([
  {
    name: "cities.csv",
    data: {
      columns: ["name", "label"],
      rows: [
        ["c1", "Cidade 1"],
        ["c2", "Cidade 2"],
        ["c3", ""],
      ],
    },
  },
]);

const fields = [
  { id: "city", config: { options: [], choicesFile: "cities.csv" } },
  { id: "visited", config: { options: [], choicesFile: "cities.csv" } },
  { id: "color", config: { options: ["azul"] } },
  { id: "missing", config: { options: [], choicesFile: "gone.csv" } },
];

describe("labels of answers picked from an attached file", () => {
  it("reads each stored name's label, in repeats too, and leaves gone rows, empty labels and other fields out", () => {
    const answers = {
      city: "c1",
      color: "azul",
      missing: "x1",
      members: [{ visited: ["c2", "c9"] }, { visited: ["c3"] }],
    };
    expect(fileChoiceLabels(fields, answers, tables)).toEqual({
      city: { c1: "Cidade 1" },
      visited: { c2: "Cidade 2" },
    });
  });

  it("replaces stored names by their labels, keeping names without one", () => {
    const labels = { c1: "Cidade 1" };
    expect(labelledAnswer("c1", labels)).toBe("Cidade 1");
    expect(labelledAnswer(["c1", "c9"], labels)).toEqual(["Cidade 1", "c9"]);
    expect(labelledAnswer("c1", undefined)).toBe("c1");
  });
});
