import { describe, expect, it } from "vitest";
import { isFieldRequired } from "../../../../shared/fields/field-config.ts";
import {
  buildAnswers,
  draftableValues,
  pendingMedia,
  toCollectFields,
  validateForm,
  valuesFromAnswers,
  type FormValues,
} from "./form-values.ts";

const fields = toCollectFields([
  {
    id: "n",
    fieldType: "number",
    label: "Idade",
    position: 1,
    config: { required: true, minValue: 0, maxValue: 120, format: "integer" },
  },
  { id: "t", fieldType: "text", label: "Nome", position: 0, config: '{"required":true}' },
  { id: "y", fieldType: "yes_no", label: "Ativo", position: 2, config: { required: true } },
  { id: "m", fieldType: "multiple_choice", label: "Cores", position: 3, config: { options: ["A", "B", ""] } },
  { id: "p", fieldType: "photo", label: "Foto", position: 4, config: { required: true } },
  { id: "x", fieldType: "hologram", label: "?", position: 5, config: {} },
]);

describe("toCollectFields", () => {
  it("orders by position, parses JSON configs, keeps usable parts of rejected configs and drops unknown types", () => {
    expect(fields.map((field) => field.id)).toEqual(["t", "n", "y", "m", "p"]);
    expect(fields[0] && isFieldRequired(fields[0])).toBe(true);
    const choice = fields[3];
    expect(choice?.fieldType === "multiple_choice" && choice.config.options).toEqual(["A", "B"]);
  });
});

describe("validateForm", () => {
  it("reports missing required answers with the spec's keys", () => {
    expect(validateForm(fields, {})).toEqual({
      t: { key: "required" },
      n: { key: "required" },
      y: { key: "selectYesNo" },
      p: { key: "required" },
    });
  });

  it("checks numbers against min and max in form or field style", () => {
    const values: FormValues = {
      t: "Ana",
      n: "130",
      y: false,
      p: { kind: "blob", blob: new Blob(["x"]), contentType: "image/jpeg" },
    };
    expect(validateForm(fields, values)).toEqual({ n: { key: "numberRange", params: { min: 0, max: 120 } } });
    expect(validateForm(fields, values, "field").n).toEqual({ key: "numberRangeField", params: { min: 0, max: 120 } });
  });

  it("names unreadable numbers", () => {
    expect(validateForm(fields, { n: "NaN" }).n).toEqual({ key: "invalidNumber" });
    expect(validateForm(fields, { n: "abc" }).n).toEqual({ key: "invalidNumber" });
  });
});

describe("answers", () => {
  const blob = new Blob(["x"], { type: "image/jpeg" });
  const values: FormValues = {
    t: "  Ana ",
    n: "12,5",
    y: false,
    m: [],
    p: { kind: "blob", blob, contentType: "image/jpeg" },
  };

  it("builds typed answers, leaving out empty ones and new media", () => {
    expect(buildAnswers(fields, values)).toEqual({ t: "Ana", n: 12.5, y: false });
  });

  it("lists new media separately", () => {
    expect(pendingMedia(fields, values)).toEqual([{ fieldId: "p", blob, contentType: "image/jpeg" }]);
  });

  it("keeps blobs out of drafts", () => {
    expect(Object.keys(draftableValues(values))).toEqual(["t", "n", "y", "m"]);
  });

  it("turns stored answers back into values, media as references", () => {
    const ref = {
      attachmentId: "0b6f2d1e-8c4a-4f3b-9e2d-7a1c5b3d9e0f",
      sha256: "a".repeat(64),
      contentType: "image/jpeg",
    };
    const restored = valuesFromAnswers(fields, { t: "Ana", n: 3, y: true, p: ref });
    expect(restored).toEqual({ t: "Ana", n: "3", y: true, p: { kind: "ref", ref } });
    expect(buildAnswers(fields, restored)).toEqual({ t: "Ana", n: 3, y: true, p: ref });
  });
});
