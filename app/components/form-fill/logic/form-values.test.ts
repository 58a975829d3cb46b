import { describe, expect, it } from "vitest";
import { isFieldRequired } from "../../../../shared/fields/answer-validation.ts";
import {
  buildAnswers,
  draftableValues,
  pendingMedia,
  toCollectFields,
  valuesFromAnswers,
  withValueAt,
  type FormValues,
  type RepeatEntry,
} from "./form-values.ts";
import { formShape } from "./form-structure.ts";

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

const shape = formShape(fields);

describe("toCollectFields", () => {
  it("orders by position, parses JSON configs, keeps usable parts of rejected configs and drops unknown types", () => {
    expect(fields.map((field) => field.id)).toEqual(["t", "n", "y", "m", "p"]);
    expect(fields[0] && isFieldRequired(fields[0])).toBe(true);
    const choice = fields[3];
    expect(choice?.fieldType === "multiple_choice" && choice.config.options).toEqual(["A", "B"]);
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
    expect(buildAnswers(shape, values)).toEqual({ t: "Ana", n: 12.5, y: false });
  });

  it("lists new media separately", () => {
    expect(pendingMedia(shape, values)).toEqual([{ fieldId: "p", blob, contentType: "image/jpeg" }]);
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
    const restored = valuesFromAnswers(shape, { t: "Ana", n: 3, y: true, p: ref });
    expect(restored).toEqual({ t: "Ana", n: "3", y: true, p: { kind: "ref", ref } });
    expect(buildAnswers(shape, restored)).toEqual({ t: "Ana", n: 3, y: true, p: ref });
  });
});

describe("repeat entries", () => {
  const form = formShape(
    toCollectFields([
      { id: "r", fieldType: "repeat", label: "Árvores", name: "arvores", position: 0, config: {} },
      { id: "e", fieldType: "text", label: "Espécie", name: "especie", parentName: "arvores", position: 1, config: {} },
      { id: "f", fieldType: "photo", label: "Foto", name: "foto", parentName: "arvores", position: 2, config: {} },
      { id: "c", fieldType: "calculation", label: "Total", name: "total", position: 3, config: { calculation: "1" } },
    ]),
  );
  const blob = new Blob(["x"], { type: "image/jpeg" });
  const entries: RepeatEntry[] = [
    { key: "a", values: { e: " Ipê ", f: { kind: "blob", blob, contentType: "image/jpeg" } } },
    { key: "b", values: {} },
  ];

  it("stores a repeat's answer as its entries, children never at the top level, calculations not typed", () => {
    expect(buildAnswers(form, { r: entries, e: "stray", c: "9" })).toEqual({ r: [{ e: "Ipê" }, {}] });
  });

  it("names media inside an entry by repeat, index and child", () => {
    expect(pendingMedia(form, { r: entries })).toEqual([{ fieldId: "r.0.f", blob, contentType: "image/jpeg" }]);
  });

  it("keeps entry blobs out of drafts and turns stored entries back into values", () => {
    expect(draftableValues({ r: entries })).toEqual({
      r: [
        { key: "a", values: { e: " Ipê " } },
        { key: "b", values: {} },
      ],
    });
    const restored = valuesFromAnswers(form, { r: [{ e: "Ipê" }, {}] });
    expect(buildAnswers(form, restored)).toEqual({ r: [{ e: "Ipê" }, {}] });
  });

  it("changes one child of one entry by its path", () => {
    const changed = withValueAt({ r: entries }, "r.1.e", "Jatobá");
    expect(buildAnswers(form, changed)).toEqual({ r: [{ e: "Ipê" }, { e: "Jatobá" }] });
    expect(withValueAt({ r: entries }, "r.5.e", "x")).toEqual({ r: entries });
  });
});
