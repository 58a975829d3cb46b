import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";
import { COMPANY_SIZES } from "./registration-schema.ts";

/** The account routes' answers as schemas (OpenAPI reference, test servers' response check). */
const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  celular: z.string(),
  pais: z.string(),
  estado: z.string(),
  cidade: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  empresa: z.string(),
  // Empty for accounts made without the register wizard (invitees).
  tamanhoEmpresa: z.enum([...COMPANY_SIZES, ""]),
  locale: z.enum(LANGUAGES),
});

export const profileResponseSchema = z.object({ profile: profileSchema });

/** GET /api/account/reset-token/:token: whether a password-reset link still works, and for which address. */
export const resetTokenSchema = z.union([
  z.object({ valid: z.literal(true), email: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
