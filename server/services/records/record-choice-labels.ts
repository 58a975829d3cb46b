import type { Db } from "../../db/client.ts";
import type { RecordRow } from "../../db/queries/records.ts";
import type { FormTables } from "../../../shared/expressions/form-table.ts";
import { choicesFileOf } from "../../../shared/forms/file-choices.ts";
import { fileChoiceLabels, type ChoiceLabels } from "../../../shared/forms/file-choice-labels.ts";
import type { RecordField } from "../../../shared/records/answer-format.ts";
import { loadVersionTables } from "../form-files/version-tables.ts";

/**
 * The labels of each record's answers picked from attached files (record id → labels), read from the files of the
 * version each record was collected with, as its validation read them; each version's tables load once per call.
 */
export async function recordChoiceLabels(
  db: Db,
  applicationId: string,
  fields: readonly RecordField[],
  rows: readonly RecordRow[],
): Promise<Map<string, ChoiceLabels>> {
  const labels = new Map<string, ChoiceLabels>();
  if (!fields.some((field) => choicesFileOf(field) !== undefined)) return labels;
  const versions = new Map<number, Promise<FormTables>>();
  for (const row of rows) {
    let tables = versions.get(row.formVersion);
    if (!tables) {
      tables = loadVersionTables(db, applicationId, row.formVersion);
      versions.set(row.formVersion, tables);
    }
    labels.set(row.id, fileChoiceLabels(fields, row.answers, await tables));
  }
  return labels;
}
