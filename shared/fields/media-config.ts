import { z } from "zod";
import { CAPTURE_MODES, DEFAULT_CAPTURE_MODE } from "./field-types.ts";
import {
  ACCEPT_ENTRIES_MAX,
  ACCEPT_ENTRY_PATTERN,
  DEFAULT_AUDIO_DURATION_SECONDS,
  DEFAULT_MEDIA_MAX_SIZE_MB,
  MEDIA_DURATION_MAX_SECONDS,
  MEDIA_MAX_SIZES_MB,
  type MediaFieldType,
} from "./media-rules.ts";

/** The designer's settings of the audio, video and file questions, spread into their config schemas (field-config.ts). */

function maxSize(type: MediaFieldType) {
  return z.literal(MEDIA_MAX_SIZES_MB).default(DEFAULT_MEDIA_MAX_SIZE_MB[type]);
}

const durationSeconds = z.number().int().min(1).max(MEDIA_DURATION_MAX_SECONDS);

export const AUDIO_CONFIG = {
  maxSize: maxSize("audio"),
  /** A recording stops by itself at this length. */
  maxDuration: durationSeconds.default(DEFAULT_AUDIO_DURATION_SECONDS),
};

export const VIDEO_CONFIG = {
  maxSize: maxSize("video"),
  captureMode: z.enum(CAPTURE_MODES).default(DEFAULT_CAPTURE_MODE),
  /** Only a recording made in the browser can be stopped at a length; a cleared value means none. */
  maxDuration: durationSeconds.nullish().transform((value) => value ?? undefined),
};

export const FILE_CONFIG = {
  maxSize: maxSize("file"),
  /** `.pdf`, `application/pdf`, `image/*` (XLSForm `body::accept`); empty takes any file. */
  accept: z
    .array(z.string().trim().toLowerCase().regex(ACCEPT_ENTRY_PATTERN, "invalidAcceptEntry"))
    .max(ACCEPT_ENTRIES_MAX, "invalidAcceptEntry")
    .default([])
    .transform((entries) => [...new Set(entries)]),
};
