import { describe, expect, it } from "vitest";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx } from "../../test-support/xlsform-books.ts";

describe("names XML allows and Campo does not", () => {
  it("are renamed with _ (unique), every ${reference} following, and listed for the importer", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label", "relevant", "calculation"],
          ["begin group", "the.group", "Group", null, null],
          ["integer", "label-test", "Count", null, null],
          ["integer", "label_test", "Taken already", null, null],
          ["note", "shown", "You said ${label-test}", "${ label-test } > 1", null],
          ["calculate", "double", null, null, "${label-test} * 2 + ${the.group-count}"],
          ["integer", "the.group-count", "Another", null, null],
          ["end group", null, null, null, null],
        ],
      }),
    );
    const result = importXlsForm(book, "Names");
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.form.fields.map((field) => [field.name, field.parentName])).toEqual([
      ["the_group", null],
      ["label_test_2", "the_group"],
      ["label_test", "the_group"],
      ["shown", "the_group"],
      ["double", "the_group"],
      ["the_group_count", "the_group"],
    ]);
    expect(result.form.fields[3]).toMatchObject({
      label: "You said ${label_test_2}",
      config: { relevant: "${label_test_2} > 1" },
    });
    expect(result.form.fields[4]?.config).toMatchObject({ calculation: "${label_test_2} * 2 + ${the_group_count}" });
    const renamed = (row: number, from: string, to: string) => ({
      sheet: "survey",
      row,
      column: "name",
      key: "xlsform:issues.fieldRenamed",
      params: { from, to },
    });
    expect(result.notes).toEqual([
      renamed(2, "the.group", "the_group"),
      renamed(3, "label-test", "label_test_2"),
      renamed(7, "the.group-count", "the_group_count"),
    ]);
  });

  it("leaves other bad names to be reported at their cell", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label"],
          ["integer", "has space", "Count"],
          ["integer", "-leading", "Count"],
        ],
      }),
    );
    const result = importXlsForm(book, "Names");
    expect(result.ok ? [] : result.issues.map((issue) => [issue.row, issue.column, issue.key])).toEqual([
      [2, "name", "fields:invalidFieldName"],
      [3, "name", "fields:invalidFieldName"],
    ]);
  });
});
