import type { Language } from "../../../../shared/i18n/languages.ts";
import type { CollectField } from "./form-values.ts";

/** An option as a widget shows it: `name` is what the answer stores, `label` what the collector reads. */
export interface ChoiceOption {
  name: string;
  label: string;
  /** The URL of the option's attached image, when it has one the phone holds. */
  image?: string;
}

type ChoiceField = Extract<CollectField, { fieldType: "single_choice" | "multiple_choice" }>;

/** A 32-bit FNV-1a hash: turns any seed text into the generator's state. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: small, fast and the same sequence for the same seed on every device. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in an order that depends only on the seed (Fisher–Yates). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const random = generator(hashSeed(seed));
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
}

interface OptionContext {
  language?: Language;
  recordSeed: string;
  answerText: (fieldName: string) => string | undefined;
}

/**
 * The options a select shows, in the collector's language and, with `randomize`, shuffled by the seed: the
 * `randomSeed` (a number, or the answer of the field it names) or else the record's own seed, so a draft shows
 * the same order when it is reopened. The stored answer is the option whatever its place.
 */
export function displayedOptions(field: ChoiceField, context: OptionContext): ChoiceOption[] {
  const labels = context.language ? field.config.translations?.[context.language]?.options : undefined;
  const options = field.config.options.map((name) => ({ name, label: labels?.[name] ?? name }));
  if (!field.config.randomize) return options;
  const named = field.config.randomSeed;
  const seed = named === undefined ? undefined : /^\d+$/.test(named) ? named : context.answerText(named);
  return seededShuffle(options, `${seed ?? context.recordSeed}:${field.name}`);
}
