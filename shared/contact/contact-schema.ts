import { z } from "zod";
import { safeString } from "../text/safe-text.ts";

/** Spec 000 §5: the contact (and support) form's limits. */
export const CONTACT_LIMITS = {
  fullName: { min: 3, max: 100 },
  email: { max: 255 },
  celular: { min: 10, max: 20 },
  subject: { min: 5, max: 200 },
  message: { min: 10, max: 2000 },
} as const;

/** Issue messages are keys under `contact.validation` in the `public` catalog, so the web shows them translated. */
function text(limits: { min: number; max: number }, field: string) {
  return safeString({ error: `${field}.required` })
    .trim()
    .min(1, { error: `${field}.required`, abort: true })
    .min(limits.min, { error: `${field}.min` })
    .max(limits.max, { error: `${field}.max` });
}

/** 2000 characters of message plus the other fields, in UTF-8, fit comfortably. */
export const MAX_CONTACT_BODY_BYTES = 16 * 1024;

export const contactMessageSchema = z.object({
  fullName: text(CONTACT_LIMITS.fullName, "fullName"),
  email: safeString({ error: "email.required" })
    .trim()
    .min(1, { error: "email.required", abort: true })
    .max(CONTACT_LIMITS.email.max, { error: "email.max" })
    .pipe(z.email({ error: "email.invalid" })),
  celular: text(CONTACT_LIMITS.celular, "celular"),
  subject: text(CONTACT_LIMITS.subject, "subject"),
  message: text(CONTACT_LIMITS.message, "message"),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
