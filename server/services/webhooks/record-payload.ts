import type { RecordRow } from "../../db/queries/records.ts";
import { translate } from "../../lib/translate.ts";
import { answerColumn, columnTranslator, jsonValue, withUniqueHeaders } from "../exports/export-columns.ts";
import { exportValue, type ExportContext, type RecordField } from "../../../shared/records/answer-format.ts";
import { recordLayout, repeatEntries, repeatLevels } from "../../../shared/records/record-layout.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { geometryAnswerOf } from "../../../shared/geo/geometry-answer-text.ts";
import type { WebhookRecord } from "../../../shared/integrations/webhook-payloads.ts";

/** An answer as the exports write it; a line or area as its GeoJSON geometry, which receivers map directly. */
function webhookAnswer(field: RecordField, answer: unknown, context: ExportContext): unknown {
  if (field.fieldType === "line" || field.fieldType === "area") return geometryAnswerOf(answer);
  return jsonValue(exportValue(field, answer, context));
}

/** The record as webhooks send it: its answers labelled and formatted as the exports write them. */
export function webhookRecord(
  row: RecordRow,
  fields: readonly RecordField[],
  language: Language,
  publicUrl: string,
): WebhookRecord {
  const t = columnTranslator(language);
  const media: WebhookRecord["media"] = [];
  let currentLabel = "";
  const context: ExportContext = {
    words: { yes: translate(language, "data:answers.yes"), no: translate(language, "data:answers.no") },
    mediaUrl: (attachmentId) => {
      const url = `${publicUrl}/api/attachments/${attachmentId}`;
      media.push({ field: currentLabel, url });
      return url;
    },
  };
  // Labels as the exports' headers ("<label> (removido)", " (2)" for a repeated label); repeats hold their entries.
  const labelled = (
    of: readonly RecordField[],
    answers: Record<string, unknown>,
    children: ReadonlyMap<string, RecordField[]>,
  ): Record<string, unknown> => {
    const headers = withUniqueHeaders(of.map((field) => answerColumn(field, () => undefined, t, context)));
    const out: Record<string, unknown> = {};
    of.forEach((field, index) => {
      const header = headers[index]?.header ?? field.label;
      currentLabel = header;
      const repeatChildren = children.get(field.id);
      out[header] = repeatChildren
        ? repeatEntries(answers[field.id]).map((entry) => labelled(repeatChildren, entry, children))
        : webhookAnswer(field, answers[field.id], context);
    });
    return out;
  };
  const layout = recordLayout(fields);
  // Every level's children: an entry's inner repeat holds its own entries, at any depth.
  const children = new Map(repeatLevels(layout.repeats).map(({ layout: level }) => [level.repeat.id, level.children]));
  const answers = labelled(layout.answered, row.answers, children);
  return {
    id: row.id,
    submittedAt: row.createdAt,
    updatedAt: row.updatedAt,
    submitter: row.submitterId ? { id: row.submitterId, name: row.submitterName, email: row.submitterEmail } : null,
    reviewState: row.reviewState,
    location:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, accuracy: row.locationAccuracy }
        : null,
    answers,
    media,
  };
}
