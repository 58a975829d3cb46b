import { z } from "zod";
import { contactMessageSchema } from "./contact-schema.ts";

/** Spec 000 §5 / spec 001 §9: the support form's optional image. */
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image plus the text fields and the multipart framing. */
export const MAX_SUPPORT_BODY_BYTES = SUPPORT_IMAGE_MAX_BYTES + 64 * 1024;
export const SUPPORT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** The file picker's `accept`: the types plus the extensions, for systems that do not know the types. */
export const SUPPORT_IMAGE_ACCEPT = [...SUPPORT_IMAGE_TYPES, ".png", ".jpg", ".jpeg", ".webp"].join(",");

/**
 * The browser's check, on the declared type and the size, so the visitor learns before sending. The server does
 * not trust the declared type: it reads the magic bytes.
 */
export const supportImageSchema = z
  .instanceof(File, { error: "image.type" })
  .refine((file) => (SUPPORT_IMAGE_TYPES as readonly string[]).includes(file.type), {
    error: "image.type",
    abort: true,
  })
  .refine((file) => file.size <= SUPPORT_IMAGE_MAX_BYTES, { error: "image.size" });

/** The support message is the contact message plus an optional image. */
export const supportMessageSchema = contactMessageSchema.extend({ image: supportImageSchema.optional() });

export type SupportMessage = z.infer<typeof supportMessageSchema>;
