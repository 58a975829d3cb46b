import { CAPTURE_MODES, DEFAULT_CAPTURE_MODE, type CaptureMode } from "../../../../shared/fields/field-types.ts";
import {
  ACCEPT_ENTRY_PATTERN,
  DEFAULT_AUDIO_DURATION_SECONDS,
  DEFAULT_MEDIA_MAX_SIZE_MB,
  MEDIA_MAX_SIZES_MB,
  parseAcceptList,
  type MediaFieldType,
  type MediaMaxSizeMb,
} from "../../../../shared/fields/media-rules.ts";

/** Lengths the designer offers for a recording, in seconds (an imported form's own length is offered too). */
export const DURATION_CHOICES = [30, 60, 120, 300, 600, 1800, 3600] as const;

/** The audio, video and file settings as the config dialog edits them. */
export interface MediaDraft {
  maxSize: MediaMaxSizeMb;
  /** Seconds; null is no limit (video only: a recording always has one). */
  maxDuration: number | null;
  captureMode: CaptureMode;
  /** The accept list as typed: `.pdf, .docx, image/*`. */
  acceptText: string;
}

function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

type StoredMediaConfig = Partial<Record<"maxSize" | "maxDuration" | "captureMode" | "accept", unknown>>;

export function mediaDraftOf(type: MediaFieldType, config: StoredMediaConfig): MediaDraft {
  const duration = typeof config.maxDuration === "number" ? config.maxDuration : null;
  return {
    maxSize: oneOf(MEDIA_MAX_SIZES_MB, config.maxSize, DEFAULT_MEDIA_MAX_SIZE_MB[type]),
    maxDuration: type === "audio" ? (duration ?? DEFAULT_AUDIO_DURATION_SECONDS) : duration,
    captureMode: oneOf(CAPTURE_MODES, config.captureMode, DEFAULT_CAPTURE_MODE),
    acceptText: Array.isArray(config.accept) ? config.accept.join(", ") : "",
  };
}

/** Entries of the typed accept list that are neither `.ext` nor `type/subtype`. */
export function invalidAcceptEntries(draft: MediaDraft): string[] {
  return parseAcceptList(draft.acceptText).filter((entry) => !ACCEPT_ENTRY_PATTERN.test(entry));
}

/** The config keys a media question saves from the draft. */
export function mediaConfigOf(type: MediaFieldType, draft: MediaDraft): Record<string, unknown> {
  if (type === "audio") return { maxSize: draft.maxSize, maxDuration: draft.maxDuration };
  if (type === "video")
    return { maxSize: draft.maxSize, maxDuration: draft.maxDuration, captureMode: draft.captureMode };
  return { maxSize: draft.maxSize, accept: parseAcceptList(draft.acceptText) };
}
