import { describe, expect, it } from "vitest";
import { designedFieldSchema } from "../../../../shared/fields/field-config.ts";
import { matchOptions, searchKey } from "../widgets/searchable-select.tsx";
import { displayedOptions, seededShuffle } from "./choice-options.ts";
import type { CollectField } from "./form-values.ts";

type ChoiceField = Extract<CollectField, { fieldType: "single_choice" }>;

function choice(config: Record<string, unknown>): ChoiceField {
  const parsed = designedFieldSchema.parse({
    fieldType: "single_choice",
    label: "Cultura",
    name: "crop",
    position: 0,
    config,
  });
  return { ...parsed, id: "crop", name: "crop", parentName: null, position: 0 } as ChoiceField;
}

const LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H"];
const context = { recordSeed: "record-1", answerText: () => undefined };

describe("randomized options", () => {
  it("follow the seed: the same order for the same seed, another for another, every option kept", () => {
    expect(seededShuffle(LETTERS, "x")).toEqual(seededShuffle(LETTERS, "x"));
    expect(seededShuffle(LETTERS, "x")).not.toEqual(seededShuffle(LETTERS, "y"));
    expect([...seededShuffle(LETTERS, "x")].sort()).toEqual(LETTERS);
  });

  it("use the record's seed, a number seed, or the answer of the field the seed names", () => {
    const field = choice({ options: LETTERS, randomize: true });
    const names = (options: { name: string }[]) => options.map((option) => option.name);
    const first = names(displayedOptions(field, context));
    expect(names(displayedOptions(field, context))).toEqual(first);
    expect(names(displayedOptions(field, { ...context, recordSeed: "record-2" }))).not.toEqual(first);
    const byNumber = choice({ options: LETTERS, randomize: true, randomSeed: "42" });
    expect(names(displayedOptions(byNumber, context))).toEqual(
      names(displayedOptions(byNumber, { ...context, recordSeed: "other" })),
    );
    const byField = choice({ options: LETTERS, randomize: true, randomSeed: "household" });
    const answered = { ...context, answerText: (name: string) => (name === "household" ? "17" : undefined) };
    expect(names(displayedOptions(byField, answered))).toEqual(
      names(displayedOptions(byField, { ...answered, recordSeed: "other" })),
    );
    expect(names(displayedOptions(choice({ options: LETTERS }), context))).toEqual(LETTERS);
  });

  it("show option labels in the chosen language, the stored option unchanged", () => {
    const field = choice({ options: ["Milho", "Soja"], translations: { en: { options: { Milho: "Maize" } } } });
    expect(displayedOptions(field, { ...context, language: "en" })).toEqual([
      { name: "Milho", label: "Maize" },
      { name: "Soja", label: "Soja" },
    ]);
    expect(displayedOptions(field, context)[0]).toEqual({ name: "Milho", label: "Milho" });
  });
});

describe("searching a long list", () => {
  const options = Array.from({ length: 10_000 }, (_, index) => ({ name: `c${index}`, label: `São José ${index}` }));
  const keys = options.map((option) => searchKey(option.label));

  it("matches every typed word without accents or case and draws only the first 50", () => {
    expect(matchOptions(options, keys, "").shown).toHaveLength(50);
    expect(matchOptions(options, keys, "").total).toBe(10_000);
    const found = matchOptions(options, keys, "sao jose 9999");
    expect(found).toEqual({ shown: [{ name: "c9999", label: "São José 9999" }], total: 1 });
    // 999, 1999 … 9999 and 9990 … 9998.
    expect(matchOptions(options, keys, "JOSÉ 999").total).toBe(19);
    expect(matchOptions(options, keys, "recife").total).toBe(0);
  });
});
