import { describe, expect, it } from "vitest";
import {
  MAX_ANSWERS_BYTES,
  errorSummaryKey,
  isEmptyAnswer,
  validateAnswer,
  validateAnswers,
} from "./answer-validation.ts";
import { designedFieldSchema, type ValidatableField } from "./field-config.ts";
import { fieldsT } from "./test-i18n.ts";

/** Builds fields through the designer's schema, as stored fields are. */
function field(fieldType: string, config: Record<string, unknown> = {}, id = `f-${fieldType}`): ValidatableField {
  return { ...designedFieldSchema.parse({ fieldType, label: fieldType, position: 0, config }), id };
}

const SHA = "a".repeat(64);
const ATTACHMENT_ID = "0b6f2d1e-8c4a-4f3b-9e2d-7a1c5b3d9e0f";

describe("required answers", () => {
  it("treats blank, null, undefined and [] as empty, but not false or 0", () => {
    for (const value of [undefined, null, "", "   ", []]) expect(isEmptyAnswer(value)).toBe(true);
    for (const value of [false, 0, "a", ["a"], {}]) expect(isEmptyAnswer(value)).toBe(false);
  });

  it("asks for a value on required fields", () => {
    const required = field("text", { required: true });
    for (const value of [undefined, null, "  "]) expect(validateAnswer(required, value)).toEqual({ key: "required" });
    expect(validateAnswer(field("multiple_choice", { required: true, options: ["A"] }), [])).toEqual({
      key: "required",
    });
    expect(validateAnswer(required, "ok")).toBeNull();
  });

  it("asks to pick Sim or Não on a required yes/no field, and accepts false", () => {
    const yesNo = field("yes_no", { required: true });
    expect(validateAnswer(yesNo, null)).toEqual({ key: "selectYesNo" });
    expect(validateAnswer(yesNo, false)).toBeNull();
    expect(validateAnswer(yesNo, true)).toBeNull();
    expect(validateAnswer(yesNo, "sim")).toEqual({ key: "invalidValue" });
  });

  it("lets optional fields stay empty", () => {
    for (const fieldType of [
      "text",
      "number",
      "date",
      "time",
      "yes_no",
      "email",
      "phone",
      "url",
      "signature",
      "photo",
      "gps",
    ]) {
      expect(validateAnswer(field(fieldType), null), fieldType).toBeNull();
      expect(validateAnswer(field(fieldType), ""), fieldType).toBeNull();
    }
  });
});

describe("numbers", () => {
  it("must be finite numbers", () => {
    const number = field("number");
    for (const value of ["12", Number.NaN, Number.POSITIVE_INFINITY, true]) {
      expect(validateAnswer(number, value)).toEqual({ key: "invalidNumber" });
      expect(validateAnswer(number, value, { style: "field" })).toEqual({ key: "invalidNumberField" });
    }
    expect(validateAnswer(number, 0)).toBeNull();
    expect(validateAnswer(number, -3.75)).toBeNull();
  });

  it("must be whole for Inteiro only", () => {
    expect(validateAnswer(field("number", { format: "integer" }), 2.5)).toEqual({ key: "integerRequired" });
    expect(validateAnswer(field("number", { format: "integer" }), 2)).toBeNull();
    expect(validateAnswer(field("number", { format: "currency" }), 10.5)).toBeNull();
    expect(validateAnswer(field("number", { format: "decimal" }), 10.55)).toBeNull();
  });

  it("stay within min and max, with form-style messages", () => {
    const both = field("number", { minValue: 1, maxValue: 10 });
    expect(validateAnswer(both, 1)).toBeNull();
    expect(validateAnswer(both, 10)).toBeNull();
    expect(validateAnswer(both, 0)).toEqual({ key: "numberRange", params: { min: 1, max: 10 } });
    expect(validateAnswer(both, 11)).toEqual({ key: "numberRange", params: { min: 1, max: 10 } });
    expect(validateAnswer(field("number", { minValue: 5 }), 4)).toEqual({ key: "numberMin", params: { min: 5 } });
    expect(validateAnswer(field("number", { maxValue: 5 }), 6)).toEqual({ key: "numberMax", params: { max: 5 } });
    expect(validateAnswer(field("number", { minValue: 5 }), 1e9)).toBeNull();
  });

  it("use the editor's sentences in field style", () => {
    const opts = { style: "field" } as const;
    expect(validateAnswer(field("number", { minValue: 1, maxValue: 10 }), 0, opts)).toEqual({
      key: "numberRangeField",
      params: { min: 1, max: 10 },
    });
    expect(validateAnswer(field("number", { minValue: 5 }), 4, opts)).toEqual({
      key: "numberMinField",
      params: { min: 5 },
    });
    expect(validateAnswer(field("number", { maxValue: 5 }), 6, opts)).toEqual({
      key: "numberMaxField",
      params: { max: 5 },
    });
  });

  it("render the spec's texts", async () => {
    const t = await fieldsT("pt-BR");
    const render = (error: ReturnType<typeof validateAnswer>) => (error ? t(error.key, error.params) : null);
    expect(render(validateAnswer(field("number", { minValue: 1, maxValue: 10 }), 0))).toBe("Permitido: 1 a 10");
    expect(render(validateAnswer(field("number", { minValue: 1, maxValue: 10 }), 0, { style: "field" }))).toBe(
      "O valor deve estar entre 1 e 10.",
    );
    expect(render(validateAnswer(field("number"), "x"))).toBe("Digite um número válido");
  });
});

describe("text-like answers", () => {
  it("accepts only strings for text", () => {
    expect(validateAnswer(field("text"), "livre")).toBeNull();
    expect(validateAnswer(field("text"), 42)).toEqual({ key: "invalidValue" });
  });

  it("checks email addresses", () => {
    for (const value of ["ana@campo.com.br", " joao.silva+obra@x.io "])
      expect(validateAnswer(field("email"), value)).toBeNull();
    for (const value of ["ana", "ana@campo", "ana@@campo.com", "a b@c.com", "ana@campo."]) {
      expect(validateAnswer(field("email"), value), value).toEqual({ key: "invalidEmail" });
    }
  });

  it("checks phone numbers (8 to 15 digits, usual separators)", () => {
    for (const value of ["(11) 98765-4321", "+55 11 98765 4321", "3232-1010"])
      expect(validateAnswer(field("phone"), value), value).toBeNull();
    for (const value of ["1234567", "ligar depois", "+55 11 98765 4321 123", "11#98765"]) {
      expect(validateAnswer(field("phone"), value), value).toEqual({ key: "invalidPhone" });
    }
  });

  it("checks http(s) URLs", () => {
    for (const value of ["https://campo.app/x?y=1", "http://example.com"])
      expect(validateAnswer(field("url"), value)).toBeNull();
    for (const value of ["campo.app", "ftp://campo.app", "javascript:alert(1)", "https://localhost", "http://"]) {
      expect(validateAnswer(field("url"), value), value).toEqual({ key: "invalidUrl" });
    }
  });

  it("checks calendar dates written YYYY-MM-DD", () => {
    for (const value of ["2024-02-29", "1900-01-01", "2100-12-31"])
      expect(validateAnswer(field("date"), value)).toBeNull();
    for (const value of ["2023-02-29", "2024-13-01", "2024-04-31", "29/02/2024", "2024-2-9", "2024-02-29T10:00"]) {
      expect(validateAnswer(field("date"), value), value).toEqual({ key: "invalidDate" });
    }
    expect(validateAnswer(field("date"), 20240229)).toEqual({ key: "invalidValue" });
  });

  it("checks times written HH:mm", () => {
    for (const value of ["00:00", "09:05", "23:59"]) expect(validateAnswer(field("time"), value)).toBeNull();
    for (const value of ["24:00", "9:05", "12:60", "12:00:00"]) {
      expect(validateAnswer(field("time"), value), value).toEqual({ key: "invalidTime" });
    }
  });
});

describe("choices", () => {
  const single = field("single_choice", { options: ["Bom", "Ruim"] });
  const multiple = field("multiple_choice", { options: ["A", "B", "C"] });

  it("accept one of the options for single choice", () => {
    expect(validateAnswer(single, "Bom")).toBeNull();
    for (const value of ["bom", "Ótimo", ["Bom"], 1])
      expect(validateAnswer(single, value)).toEqual({ key: "invalidOption" });
  });

  it("accept a subset of the options without repeats for multiple choice", () => {
    expect(validateAnswer(multiple, ["A"])).toBeNull();
    expect(validateAnswer(multiple, ["C", "A"])).toBeNull();
    for (const value of [["A", "D"], ["A", "A"], "A", [1]])
      expect(validateAnswer(multiple, value)).toEqual({ key: "invalidOption" });
  });
});

describe("media and location", () => {
  const ref = (contentType: string) => ({ attachmentId: ATTACHMENT_ID, sha256: SHA, contentType });

  it("accept photo references to JPEG, PNG or WebP attachments", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"])
      expect(validateAnswer(field("photo"), ref(type))).toBeNull();
    expect(validateAnswer(field("photo"), ref("application/pdf"))).toEqual({ key: "invalidAttachment" });
  });

  it("accept signature references to PNG attachments", () => {
    expect(validateAnswer(field("signature"), ref("image/png"))).toBeNull();
    expect(validateAnswer(field("signature"), ref("image/jpeg"))).toEqual({ key: "invalidAttachment" });
    expect(validateAnswer(field("signature"), "data:image/png;base64,iVBOR")).toEqual({ key: "invalidAttachment" });
  });

  it("reject malformed references", () => {
    const photo = field("photo");
    expect(validateAnswer(photo, { ...ref("image/jpeg"), attachmentId: "abc" })).toEqual({ key: "invalidAttachment" });
    expect(validateAnswer(photo, { ...ref("image/jpeg"), sha256: "xyz" })).toEqual({ key: "invalidAttachment" });
    expect(validateAnswer(photo, { attachmentId: ATTACHMENT_ID })).toEqual({ key: "invalidAttachment" });
  });

  it("accept GPS positions in range", () => {
    const gps = field("gps");
    expect(validateAnswer(gps, { latitude: -23.55052, longitude: -46.633308 })).toBeNull();
    expect(
      validateAnswer(gps, { latitude: 90, longitude: -180, accuracy: 4.5, timestamp: "2024-05-01T12:00:00.000Z" }),
    ).toBeNull();
    for (const value of [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: 180.1 },
      { latitude: 0, longitude: 0, accuracy: -1 },
      { latitude: 0, longitude: 0, timestamp: "ontem" },
      { latitude: "0", longitude: 0 },
      [0, 0],
    ]) {
      expect(validateAnswer(gps, value)).toEqual({ key: "invalidLocation" });
    }
  });
});

describe("validateAnswers", () => {
  const fields = [
    field("text", { required: true }, "name"),
    field("number", { minValue: 0 }, "age"),
    field("yes_no", { required: true }, "ok"),
  ];

  it("passes a complete, valid record", () => {
    expect(validateAnswers(fields, { name: "Ana", age: 30, ok: false })).toEqual({ valid: true, fieldErrors: {} });
  });

  it("reports each invalid field by id, in field order", () => {
    const result = validateAnswers(fields, { ok: null, age: -1 });
    expect(result.valid).toBe(false);
    expect(result.fieldErrors).toEqual({
      name: { key: "required" },
      age: { key: "numberMin", params: { min: 0 } },
      ok: { key: "selectYesNo" },
    });
    expect(Object.keys(result.fieldErrors)).toEqual(["name", "age", "ok"]);
  });

  it("rejects answers for fields the application does not have", () => {
    const result = validateAnswers(fields, { name: "Ana", ok: true, ghost: "boo" });
    expect(result).toEqual({ valid: false, fieldErrors: { ghost: { key: "unknownField" } } });
  });

  it("accepts, unchecked, answers for fields retired since the form was cached", () => {
    const answers = { name: "Ana", ok: true, old: { anything: 1 } };
    expect(validateAnswers(fields, answers, { retiredFieldIds: ["old"] })).toEqual({ valid: true, fieldErrors: {} });
    expect(validateAnswers(fields, answers, { retiredFieldIds: new Set(["other"]) }).fieldErrors).toEqual({
      old: { key: "unknownField" },
    });
  });

  it("rejects answers that are not an object", () => {
    for (const answers of [null, [], "x", 3, { name: 1n }]) {
      expect(validateAnswers(fields, answers)).toEqual({
        valid: false,
        fieldErrors: {},
        formError: { key: "invalidAnswers" },
      });
    }
  });

  it("caps the serialised answers at 256 KB", () => {
    const free = [field("text", {}, "notes")];
    const overhead = JSON.stringify({ notes: "" }).length;
    expect(MAX_ANSWERS_BYTES).toBe(262144);
    expect(validateAnswers(free, { notes: "x".repeat(MAX_ANSWERS_BYTES - overhead) }).valid).toBe(true);
    expect(validateAnswers(free, { notes: "x".repeat(MAX_ANSWERS_BYTES - overhead + 1) })).toEqual({
      valid: false,
      fieldErrors: {},
      formError: { key: "answersTooLarge", params: { maxKb: 256 } },
    });
  });

  it("counts the cap in UTF-8 bytes, not characters", () => {
    const free = [field("text", {}, "notes")];
    expect(validateAnswers(free, { notes: "ç".repeat(MAX_ANSWERS_BYTES / 2) }).formError?.key).toBe("answersTooLarge");
  });

  it("uses the requested message style", () => {
    expect(validateAnswers(fields, { name: "a", ok: true, age: -1 }, { style: "field" }).fieldErrors).toEqual({
      age: { key: "numberMinField", params: { min: 0 } },
    });
  });
});

describe("errorSummaryKey", () => {
  it("asks to fill required fields when only required answers are missing", () => {
    expect(errorSummaryKey({ a: { key: "required" }, b: { key: "selectYesNo" } })).toBe("fillRequired");
  });

  it("asks to fix highlighted fields when any answer is wrong", () => {
    expect(errorSummaryKey({ a: { key: "required" }, b: { key: "invalidEmail" } })).toBe("fixHighlighted");
  });

  it("says nothing without errors", () => {
    expect(errorSummaryKey({})).toBeNull();
  });
});
