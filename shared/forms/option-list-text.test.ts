import { describe, expect, it } from "vitest";
import { initialAnswers } from "./index.ts";
import { optionsInText } from "./option-list-text.ts";
import { form } from "./test-form.ts";

const OPTIONS = ["option a", "option c", "b", "Rio de Janeiro", "Rio"];

describe("a multiple choice written as one text", () => {
  it("reads labels that hold spaces whole, the longest first", () => {
    expect(optionsInText("option a option c", OPTIONS)).toEqual(["option a", "option c"]);
    expect(optionsInText("Rio de Janeiro b Rio", OPTIONS)).toEqual(["Rio de Janeiro", "b", "Rio"]);
  });

  it("skips words that start no option and lists an option once", () => {
    expect(optionsInText("option z  b b", OPTIONS)).toEqual(["b"]);
    expect(optionsInText("", OPTIONS)).toEqual([]);
  });

  it("gives a new record the default of options whose labels hold spaces", () => {
    const fields = form({
      name: "widgets",
      fieldType: "multiple_choice",
      config: { options: ["option a", "option b", "option c"], defaultValue: "'option a option c'" },
    });
    expect(initialAnswers(fields)).toEqual({ widgets: ["option a", "option c"] });
  });
});
