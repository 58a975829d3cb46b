import { createContext, useContext } from "react";
import type { ChoiceLabels } from "../../../../shared/forms/file-choice-labels.ts";

/** The labels of the shown record's answers picked from attached files (RecordView.choiceLabels). */
const ChoiceLabelsContext = createContext<ChoiceLabels>({});

export const ChoiceLabelsProvider = ChoiceLabelsContext.Provider;

/** The labels of one field's stored names, undefined when it has none (the names are then shown as stored). */
export function useFieldChoiceLabels(fieldId: string): Record<string, string> | undefined {
  return useContext(ChoiceLabelsContext)[fieldId];
}
