import { describe, expect, it } from "vitest";
import { formShape } from "./form-structure.ts";
import { toCollectFields, type FormValues, type RawField } from "./form-values.ts";
import { checkRecord, entryWithDefaults, evaluateLive, initialValues, withOfferedChoices } from "./record-rules.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const fields: RawField[] = [
  { id: "tem", fieldType: "yes_no", label: "Tem foto?", name: "tem", position: 0, config: {} },
  { id: "foto", fieldType: "photo", label: "Foto", name: "foto", position: 1, config: { relevant: "${tem} = true" } },
  { id: "arv", fieldType: "repeat", label: "Árvores", name: "arv", position: 2, config: { minCount: 1 } },
  {
    id: "alt",
    fieldType: "number",
    label: "Altura",
    name: "alt",
    parentName: "arv",
    position: 3,
    config: { defaultValue: "2", constraint: ". < 50" },
  },
  {
    id: "img",
    fieldType: "photo",
    label: "Imagem",
    name: "img",
    parentName: "arv",
    position: 4,
    config: { required: true },
  },
  {
    id: "soma",
    fieldType: "calculation",
    label: "Soma",
    name: "soma",
    position: 5,
    config: { calculation: "sum(${alt})" },
  },
];
const shape = formShape(toCollectFields(fields));
const blob = new Blob(["x"], { type: "image/jpeg" });
const photo = { kind: "blob", blob, contentType: "image/jpeg" } as const;

describe("collect record rules", () => {
  it("starts a new record with the repeat's minimum entries and their defaults", () => {
    const values = initialValues(shape, NOW);
    expect(values.arv).toMatchObject([{ values: { alt: "2" } }]);
    expect(entryWithDefaults(shape, values, "arv", NOW).values).toEqual({ alt: "2" });
  });

  it("shows, computes and checks constraints per entry as the answers change", () => {
    const values: FormValues = {
      tem: false,
      arv: [
        { key: "a", values: { alt: "60" } },
        { key: "b", values: { alt: "3" } },
      ],
    };
    const live = evaluateLive(shape, values, NOW);
    expect(live.view.isVisible("foto")).toBe(false);
    expect(live.view.calculation("soma")).toBe(63);
    expect(Object.keys(live.constraintErrors)).toEqual(["arv.0.alt"]);
  });

  it("counts a new photo as given, stores only the media of shown questions and drops hidden answers", () => {
    const values: FormValues = { tem: false, foto: photo, arv: [{ key: "a", values: { alt: "4", img: photo } }] };
    const checked = checkRecord(shape, values, NOW);
    expect(checked.errors).toEqual({});
    expect(checked.media.map((item) => item.fieldId)).toEqual(["arv.0.img"]);
    expect(checked.answers).not.toHaveProperty("foto");
    expect(checked.answers.soma).toBe(4);
  });

  it("reports a missing photo inside an entry by its path", () => {
    const checked = checkRecord(shape, { tem: true, foto: photo, arv: [{ key: "a", values: {} }] }, NOW);
    expect(checked.errors).toEqual({ "arv.0.img": { key: "required" } });
    expect(checked.media.map((item) => item.fieldId)).toEqual(["foto"]);
  });
});

describe("cascading selects on the phone", () => {
  const choice = (id: string, position: number, config: object): RawField => ({
    id,
    fieldType: id === "visitados" ? "multiple_choice" : "single_choice",
    label: id,
    name: id,
    position,
    config,
  });
  const cascade = formShape(
    toCollectFields([
      choice("uf", 0, { options: ["SP", "RJ"] }),
      choice("cidade", 1, {
        options: ["Santos", "Niterói"],
        optionProperties: { Santos: { uf: "SP" }, Niterói: { uf: "RJ" } },
        choiceFilter: "uf = ${uf}",
      }),
      choice("bairro", 2, {
        options: ["Gonzaga", "Icaraí"],
        optionProperties: { Gonzaga: { cidade: "Santos" }, Icaraí: { cidade: "Niterói" } },
        choiceFilter: "cidade = ${cidade}",
      }),
      choice("visitados", 3, {
        options: ["Gonzaga", "Icaraí"],
        optionProperties: { Gonzaga: { uf: "SP" }, Icaraí: { uf: "RJ" } },
        choiceFilter: "uf = ${uf}",
      }),
    ]),
  );

  it("offers only the options the earlier answers allow", () => {
    const live = evaluateLive(cascade, { uf: "RJ" }, NOW);
    expect(live.view.offeredOptions("cidade")).toEqual(["Niterói"]);
    expect(live.view.offeredOptions("uf")).toBeUndefined();
  });

  it("clears answers no longer offered when a parent changes, down the chain", () => {
    const values: FormValues = { uf: "RJ", cidade: "Niterói", bairro: "Icaraí", visitados: ["Gonzaga", "Icaraí"] };
    expect(withOfferedChoices(cascade, values, NOW)).toEqual({ ...values, visitados: ["Icaraí"] });
    expect(withOfferedChoices(cascade, { ...values, uf: "SP" }, NOW)).toEqual({
      uf: "SP",
      cidade: null,
      bairro: null,
      visitados: ["Gonzaga"],
    });
  });
});
