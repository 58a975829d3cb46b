import type { AttachmentLink, AttachmentRow } from "../../db/queries/attachments.ts";
import { attachmentRefSchema } from "../../../shared/fields/answer-validation.ts";
import type { ValidatableField } from "../../../shared/fields/field-config.ts";
import type { FieldError } from "../../../shared/fields/field-errors.ts";

const MEDIA_TYPES = new Set<string>(["photo", "signature"]);

export interface MediaAnswer {
  fieldId: string;
  attachmentId: string;
  sha256: string;
  contentType: string;
}

/** The photo and signature answers of a record whose shape already passed answer validation. */
export function mediaAnswers(fields: readonly ValidatableField[], answers: Record<string, unknown>): MediaAnswer[] {
  return fields.flatMap((field) => {
    if (!MEDIA_TYPES.has(field.fieldType)) return [];
    const ref = attachmentRefSchema.safeParse(answers[field.id]);
    return ref.success ? [{ fieldId: field.id, ...ref.data }] : [];
  });
}

export interface MediaCheck {
  errors: Record<string, FieldError>;
  links: AttachmentLink[];
}

/**
 * A record may only point at media its own submitter uploaded, with the hash and type the upload stored.
 * The same bytes attached to several of a user's records or fields share one attachment (uploads are per user and
 * hash): each use gets its own link, so every record's readers can read it and it lives as long as one use remains.
 */
export function checkMediaAnswers(
  submissionId: string,
  uploaderId: string,
  media: readonly MediaAnswer[],
  byId: ReadonlyMap<string, AttachmentRow>,
): MediaCheck {
  const errors: Record<string, FieldError> = {};
  const links: AttachmentLink[] = [];
  for (const answer of media) {
    const stored = byId.get(answer.attachmentId);
    const matches =
      stored !== undefined &&
      stored.uploaderId === uploaderId &&
      stored.sha256 === answer.sha256.toLowerCase() &&
      stored.contentType === answer.contentType;
    if (!matches) {
      errors[answer.fieldId] = { key: "invalidAttachment" };
      continue;
    }
    links.push({ attachmentId: stored.id, submissionId, fieldId: answer.fieldId });
  }
  return { errors, links };
}
