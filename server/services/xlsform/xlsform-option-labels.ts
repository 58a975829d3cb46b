import type { XlsFormIssue } from "../../../shared/xlsform/xlsform-issues.ts";
import type { ChoiceList } from "./xlsform-choices.ts";

/**
 * ODK tells options apart by name, so two may share a label (hotosm's health form lists `healthcare` and `pharmacy`
 * both as "pharmacy"); Campo stores the label as the answer, so a shared one would make two answers one. The later
 * option's label gets its name added, "pharmacy (pharmacy)", which both tells the collector they differ and keeps
 * the data apart, and the importer is told. Labels compare as the form rules compare them (trimmed, any case).
 * The lists' options are relabelled in place; the notes say where.
 */
export function distinguishOptionLabels(lists: Iterable<ChoiceList>, labelColumn: string): XlsFormIssue[] {
  const notes: XlsFormIssue[] = [];
  for (const list of lists) {
    const seen = new Set<string>();
    const identity = (label: string) => label.trim().toLowerCase();
    for (const option of list.options) {
      if (seen.has(identity(option.label))) {
        const from = option.label;
        let to = `${from} (${option.name})`;
        for (let suffix = 2; seen.has(identity(to)); suffix += 1) to = `${from} (${option.name} ${suffix})`;
        option.label = to;
        notes.push({
          sheet: list.sheet,
          row: option.row,
          column: labelColumn,
          key: "xlsform:issues.optionLabelRenamed",
          params: { from, to },
        });
      }
      seen.add(identity(option.label));
    }
  }
  return notes;
}
