import { describe, expect, it } from "vitest";
import { FormTable } from "../../../../shared/expressions/index.ts";
import { formShape } from "./form-structure.ts";
import { toCollectFields, type RawField } from "./form-values.ts";
import { checkRecord, initialValues } from "./record-rules.ts";
import { withTriggeredValues } from "./triggered-values.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const sites = new FormTable({
  columns: ["name", "label", "surface", "title"],
  rows: [
    ["s1", "Site 1", "paved", "Main road"],
    ["s2", "Site 2", "gravel", "Back road"],
  ],
});
const field = (id: string, fieldType: string, position: number, config: object): RawField => ({
  id,
  fieldType,
  label: id,
  name: id,
  position,
  config,
});
const fields: RawField[] = [
  field("existing", "single_choice", 0, { options: [], choicesFile: "sites.csv" }),
  field("xsurface", "calculation", 1, {
    trigger: "${existing}",
    calculation: "instance('sites')/root/item[name=${existing}]/surface",
  }),
  field("title", "text", 2, {
    trigger: "${existing}",
    calculation: "instance('sites')/root/item[name=${existing}]/title",
  }),
  field("copy", "text", 3, { trigger: "${xsurface}", calculation: "concat('surface ', ${xsurface})" }),
  field("width", "number", 4, { defaultValue: "${last-saved#width}" }),
];
const shape = formShape(toCollectFields(fields), (name) => (name.startsWith("sites") ? sites : undefined));

describe("trigger on the phone", () => {
  it("sets the triggered values as the trigger changes, then keeps the collector's edits", () => {
    const picked = withTriggeredValues(shape, { existing: "s2" }, "existing", NOW);
    expect(picked).toEqual({
      existing: "s2",
      xsurface: "gravel",
      title: "Back road",
      copy: "surface gravel",
    });
    const edited = withTriggeredValues(shape, { ...picked, title: "Renamed" }, "title", NOW);
    expect(edited.title).toBe("Renamed");
    const record = checkRecord(shape, edited, NOW);
    expect(record.errors).toEqual({});
    expect(record.answers).toMatchObject({ existing: "s2", xsurface: "gravel", title: "Renamed" });
  });

  it("starts a new record from the last saved record's answers", () => {
    expect(initialValues(shape, NOW, { width: 4 })).toEqual({ width: "4" });
    expect(initialValues(shape, NOW)).toEqual({});
  });
});
