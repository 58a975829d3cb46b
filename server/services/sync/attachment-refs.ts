import { z } from "zod";
import { uploadedBy, type AttachmentFacts, type AttachmentLink, type Uploader } from "../../db/queries/attachments.ts";
import { attachmentRefSchema } from "../../../shared/fields/answer-validation.ts";
import { ATTACHMENT_FIELD_TYPES } from "../../../shared/fields/media-rules.ts";
import type { FormLogicField } from "../../../shared/fields/field-config.ts";
import { answerSlots } from "../../../shared/forms/index.ts";
import type { FieldError } from "../../../shared/fields/field-errors.ts";

const MEDIA_TYPES = new Set<string>(ATTACHMENT_FIELD_TYPES);

export interface MediaAnswer {
  /** Where the answer sits, as record errors are keyed: `fieldId`, or `repeatId.index.childId` in a repeat entry (and so on down). */
  key: string;
  fieldId: string;
  attachmentId: string;
  sha256: string;
  contentType: string;
  /** The size the answer states (audio, video and file answers): it must be the upload's, as its cap was checked on it. */
  bytes?: number;
}

const mediaRefSchema = attachmentRefSchema.extend({ bytes: z.number().optional() });

function mediaAnswer(key: string, fieldId: string, value: unknown): MediaAnswer[] {
  const ref = mediaRefSchema.safeParse(value);
  return ref.success ? [{ key, fieldId, ...ref.data }] : [];
}

/**
 * The attachment answers (photo, signature, audio, video, file) of a record whose shape already passed validation,
 * those in repeat entries at any depth included (a child's answers sit in its repeat's entries, never at the top level).
 */
export function mediaAnswers(fields: readonly FormLogicField[], answers: Record<string, unknown>): MediaAnswer[] {
  return answerSlots(fields, answers).flatMap(({ field, key, value }) =>
    MEDIA_TYPES.has(field.fieldType) ? mediaAnswer(key, field.id, value) : [],
  );
}

export interface MediaCheck {
  errors: Record<string, FieldError>;
  links: AttachmentLink[];
  /**
   * Keys of answers naming an upload the server does not hold (never made, or removed as an orphan after 24 h
   * unlinked): the device must upload the bytes again, so the record is retryable rather than wrong.
   */
  missing: string[];
}

/**
 * A record may only point at media its own author uploaded (its submitter, or the public link it came through), with the hash and type the upload stored, or (an
 * edit) at media the record already held (`kept` attachment ids), whoever uploaded it.
 * The same bytes attached to several of a user's records or fields share one attachment (uploads are per user and
 * hash): each use gets its own link, so every record's readers can read it and it lives as long as one use remains.
 */
export function checkMediaAnswers(
  submissionId: string,
  uploader: Uploader,
  media: readonly MediaAnswer[],
  byId: ReadonlyMap<string, AttachmentFacts>,
  kept: ReadonlySet<string> = new Set(),
): MediaCheck {
  const errors: Record<string, FieldError> = {};
  const links: AttachmentLink[] = [];
  const missing: string[] = [];
  for (const answer of media) {
    const stored = byId.get(answer.attachmentId);
    if (stored === undefined) {
      missing.push(answer.key);
      continue;
    }
    const matches =
      (uploadedBy(stored, uploader) || kept.has(stored.id)) &&
      stored.sha256 === answer.sha256.toLowerCase() &&
      stored.contentType === answer.contentType &&
      (answer.bytes === undefined || stored.bytes === answer.bytes);
    if (!matches) {
      errors[answer.key] = { key: "invalidAttachment" };
      continue;
    }
    // One link per record and field: the same photo in several entries of a repeat is one use.
    if (!links.some((link) => link.attachmentId === stored.id && link.fieldId === answer.fieldId))
      links.push({ attachmentId: stored.id, submissionId, fieldId: answer.fieldId });
  }
  return { errors, links, missing };
}
