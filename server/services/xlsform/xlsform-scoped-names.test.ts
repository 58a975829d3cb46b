import { describe, expect, it } from "vitest";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx } from "../../test-support/xlsform-books.ts";

describe("one name in several groups or repeats", () => {
  it("renames the later ones and resolves ${name} to the nearest, as pyxform does", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label", "relevant"],
          ["text", "name", "Household head", null],
          ["note", "head_note", "Head: ${name}", null],
          ["begin repeat", "member", "Member", null],
          ["text", "name", "Member's name", null],
          ["begin group", "details", "Details", null],
          ["integer", "age", "Age of ${name}", "${name} != ''"],
          ["end group", null, null, null],
          ["end repeat", null, null, null],
          ["begin group", "visit", "Visit", null],
          ["text", "name", "Visitor", null],
          ["end group", null, null, null],
          ["note", "bye", "Bye ${name}", null],
        ],
      }),
    );
    const result = importXlsForm(book, "Scoped");
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.form.fields.map((field) => [field.name, field.parentName])).toEqual([
      ["name", null],
      ["head_note", null],
      ["member", null],
      ["name_2", "member"],
      ["details", "member"],
      ["age", "details"],
      ["visit", null],
      ["name_3", "visit"],
      ["bye", null],
    ]);
    expect(result.form.fields[1]?.label).toBe("Head: ${name}");
    expect(result.form.fields[5]).toMatchObject({ label: "Age of ${name_2}", config: { relevant: "${name_2} != ''" } });
    expect(result.form.fields[8]?.label).toBe("Bye ${name}");
    expect(result.notes?.map((note) => [note.row, note.key, note.params])).toEqual([
      [5, "xlsform:issues.fieldRenamed", { from: "name", to: "name_2" }],
      [11, "xlsform:issues.fieldRenamed", { from: "name", to: "name_3" }],
    ]);
  });

  it("still refuses two siblings of one name", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label"],
          ["begin group", "g", "G"],
          ["text", "a", "A"],
          ["text", "a", "A again"],
          ["end group", null, null],
        ],
      }),
    );
    const result = importXlsForm(book, "Siblings");
    expect(result.ok ? [] : result.issues.map((issue) => issue.key)).toContain("fields:duplicateFieldName");
  });

  it("reads ./x and ../x as the field x of the same group, as CHT forms write them", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label", "relevant"],
          ["begin group", "inputs", "Inputs", "./source = 'user'"],
          ["text", "source", "Source", null],
          ["text", "source_id", "Source id", "../source != ''"],
          ["end group", null, null, null],
          ["integer", "age", "Age", "../../x = 1 or ./nowhere = 1"],
        ],
      }),
    );
    const result = importXlsForm(book, "Relative");
    // Only the paths naming no field of the group are left, and refused at their row; the group's `./source`
    // became `${source}` (Campo then finds a group shown by its own child a cycle, once the paths are fixed).
    expect(new Set(result.ok ? [] : result.issues.map((issue) => [issue.row, issue.key].join(" ")))).toEqual(
      new Set(["6 xlsform:issues.unsupportedPath"]),
    );
    const fixed = importXlsForm(
      await readXlsFormBook(
        await buildXlsx({
          survey: [
            ["type", "name", "label", "relevant"],
            ["begin group", "inputs", "Inputs", null],
            ["text", "source", "Source", null],
            ["text", "source_id", "Source id", "../source != ''"],
            ["text", "other", "Other", "./source = 'user'"],
            ["end group", null, null, null],
          ],
        }),
      ),
      "Relative",
    );
    if (!fixed.ok) throw new Error(JSON.stringify(fixed.issues));
    expect(fixed.form.fields.map((field) => field.config.relevant)).toEqual([
      undefined,
      undefined,
      "${source} != ''",
      "${source} = 'user'",
    ]);
  });
});
