import { z } from "zod";
import { safeString } from "../text/safe-text.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";
import { isBrazil, isBrazilianState } from "./brazilian-states.ts";
import { normalizeLanguage } from "../i18n/languages.ts";

/**
 * The registration payload of spec 000 §3 and §5, run unchanged by the web form and the server.
 * Error messages are translation keys (namespace "auth"), as the spec says.
 */
export const COMPANY_SIZES = ["1_10", "11_50", "51_200", "201_1000", "1000_plus"] as const;
export const DEFAULT_COUNTRY = "Brasil";

const TOO_LONG = "auth:validation.tooLong";
const text = (min: number, max: number, key: string) =>
  safeString(key, "auth:validation.invalidCharacters").trim().min(min, key).max(max, TOO_LONG);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "auth:validation.emailRequired")
  .max(255, TOO_LONG)
  .pipe(z.email("auth:validation.email"));
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "auth:validation.passwordMin")
  .max(PASSWORD_MAX_LENGTH, TOO_LONG);

/** Everything a profile holds besides the login e-mail; registration and profile editing share it. */
export const profileFields = {
  name: text(3, 100, "auth:validation.nameMin"),
  celular: text(10, 20, "auth:validation.celularMin"),
  pais: text(2, 60, "auth:validation.paisMin"),
  estado: text(2, 60, "auth:validation.estadoMin"),
  cidade: text(2, 100, "auth:validation.cidadeMin"),
  logradouro: text(3, 200, "auth:validation.logradouroMin"),
  numero: text(1, 20, "auth:validation.numeroMin"),
  empresa: text(2, 150, "auth:validation.empresaMin"),
  tamanhoEmpresa: z.enum(COMPANY_SIZES, "auth:validation.tamanhoEmpresa"),
};

/** In Brazil the state must be one of the 27 federative units (the form offers exactly that list). */
function checkState(value: { pais?: string; estado?: string }, ctx: z.RefinementCtx): void {
  if (
    value.pais !== undefined &&
    value.estado !== undefined &&
    isBrazil(value.pais) &&
    !isBrazilianState(value.estado)
  ) {
    ctx.addIssue({ code: "custom", path: ["estado"], message: "auth:validation.estadoBrasil" });
  }
}

export const profileSchema = z.object(profileFields).superRefine(checkState);
export type ProfileInput = z.infer<typeof profileSchema>;

/** Any language code the browser gives (pt, pt-PT, en-US…) is accepted and stored normalised (pt-BR, en, es). */
export const localeField = z
  .string()
  .max(20, TOO_LONG)
  .transform((value, ctx) => {
    const language = normalizeLanguage(value);
    if (!language) ctx.addIssue({ code: "custom", message: "auth:validation.locale" });
    return language ?? z.NEVER;
  });

const registrationFields = {
  ...profileFields,
  email: emailField,
  password: newPasswordField,
  pais: profileFields.pais.default(DEFAULT_COUNTRY),
  termos: z.literal(true, "auth:validation.termos"),
};

export const registrationSchema = z.object(registrationFields).superRefine(checkState);
/** POST /api/account/register: the form's payload plus the interface language, stored on the profile. */
export const registrationRequestSchema = z
  .object({ ...registrationFields, locale: localeField.optional() })
  .superRefine(checkState);

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The wizard's four steps: "Next" validates only the fields of the current step. */
export const REGISTRATION_STEPS = [
  ["name", "email", "password", "celular"],
  ["pais", "estado", "cidade", "logradouro", "numero"],
  ["empresa", "tamanhoEmpresa"],
  ["termos"],
] as const satisfies readonly (readonly (keyof RegistrationInput)[])[];

/** PATCH /api/account/profile: any subset of the profile fields, plus the preferred language. */
export const profileUpdateSchema = z
  .object({ ...profileFields, locale: localeField })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
