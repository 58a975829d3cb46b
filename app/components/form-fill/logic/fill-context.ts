import { createContext, useContext } from "react";
import type { Language } from "../../../../shared/i18n/languages.ts";

/** What a widget needs of the record around it: the form language chosen on the phone and the record's seed. */
export interface FillContextValue {
  /** The language the collector reads the form in; undefined shows the fields' own texts. */
  language?: Language;
  /** Stable for one record (its draft and reloads), different for the next: randomized options follow it. */
  recordSeed: string;
  /** The current answer of a field, by name, as text (a `randomize` seed may name one). */
  answerText: (fieldName: string) => string | undefined;
}

export const FillContext = createContext<FillContextValue>({ recordSeed: "", answerText: () => undefined });

export function useFillContext(): FillContextValue {
  return useContext(FillContext);
}
