import { z } from "zod";
import { emailField, newPasswordField } from "./registration-schema.ts";
import { PASSWORD_MAX_LENGTH } from "./password-rules.ts";

/** Schemas of the sign-in, recover, reset and change-password forms (spec 000 §5); messages are "auth" keys. */
const currentPassword = z
  .string()
  .min(1, "auth:validation.passwordRequired")
  .max(PASSWORD_MAX_LENGTH, "auth:validation.tooLong");

export const loginSchema = z.object({ email: emailField, password: currentPassword });
export type LoginInput = z.infer<typeof loginSchema>;

export const recoverSchema = z.object({ email: emailField });
export type RecoverInput = z.infer<typeof recoverSchema>;

const confirmed = <T extends { newPassword: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "auth:validation.passwordsMismatch" });
  }
};

export const resetPasswordSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string().min(1, "auth:validation.passwordRequired") })
  .superRefine(confirmed);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, "auth:validation.passwordRequired"),
  })
  .superRefine(confirmed);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Deleting the account asks for the password again. */
export const deleteAccountSchema = z.object({ password: currentPassword });
/** @public a request type, kept for the typed API calls of issue 28. */
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
