import { describe, expect, it } from "vitest";
import {
  REGISTRATION_STEPS,
  profileUpdateSchema,
  registrationRequestSchema,
  registrationSchema,
} from "./registration-schema.ts";
import { BRAZILIAN_STATES } from "./brazilian-states.ts";
import { changePasswordSchema, loginSchema } from "./credentials-schemas.ts";

const valid = {
  name: "Ana Lima",
  email: " Ana@Example.COM ",
  password: "secret",
  celular: "1199998888",
  estado: "BA",
  cidade: "Salvador",
  logradouro: "Rua A",
  numero: "1",
  empresa: "AL",
  tamanhoEmpresa: "1000_plus",
  termos: true,
};

const failingPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join(".")).sort();

describe("registration schema", () => {
  it("accepts the spec's minimums, defaults the country to Brasil and normalises the e-mail", () => {
    const parsed = registrationSchema.parse(valid);
    expect(parsed.pais).toBe("Brasil");
    expect(parsed.email).toBe("ana@example.com");
  });

  it("rejects each field below its minimum with a translation key", () => {
    const result = registrationSchema.safeParse({
      name: "Al",
      email: "x",
      password: "12345",
      celular: "123456789",
      pais: "B",
      estado: "B",
      cidade: "S",
      logradouro: "Ru",
      numero: "",
      empresa: "A",
      tamanhoEmpresa: "",
      termos: false,
    });
    expect(failingPaths(result)).toEqual([
      "celular",
      "cidade",
      "email",
      "empresa",
      "estado",
      "logradouro",
      "name",
      "numero",
      "pais",
      "password",
      "tamanhoEmpresa",
      "termos",
    ]);
    expect(result.error?.issues.every((issue) => issue.message.startsWith("auth:validation."))).toBe(true);
  });

  it("requires one of the 27 federative units in Brazil only", () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(failingPaths(registrationSchema.safeParse({ ...valid, estado: "Bahia" }))).toEqual(["estado"]);
    expect(registrationSchema.safeParse({ ...valid, pais: "Argentina", estado: "Córdoba" }).success).toBe(true);
  });

  it("caps lengths so no field can carry a payload", () => {
    expect(
      failingPaths(registrationSchema.safeParse({ ...valid, cidade: "x".repeat(101), password: "p".repeat(129) })),
    ).toEqual(["cidade", "password"]);
  });

  it("covers every field in exactly one wizard step", () => {
    const fields = REGISTRATION_STEPS.flat().sort();
    expect(fields).toEqual(Object.keys(registrationSchema.parse(valid)).sort());
  });

  it("normalises the request's locale and rejects unknown ones", () => {
    expect(registrationRequestSchema.parse({ ...valid, locale: "pt-PT" }).locale).toBe("pt-BR");
    expect(registrationRequestSchema.safeParse({ ...valid, locale: "fr" }).success).toBe(false);
  });
});

describe("profile update and credential schemas", () => {
  it("accepts any subset of profile fields but never the e-mail", () => {
    expect(profileUpdateSchema.parse({ cidade: "Recife", locale: "en-US" })).toEqual({
      cidade: "Recife",
      locale: "en",
    });
    expect(profileUpdateSchema.safeParse({ email: "a@b.c" }).success).toBe(false);
  });

  it("trims the login e-mail and checks the password confirmation", () => {
    expect(loginSchema.parse({ email: "  a@b.co ", password: "x" }).email).toBe("a@b.co");
    const mismatch = changePasswordSchema.safeParse({
      currentPassword: "old",
      newPassword: "secret1",
      confirmPassword: "secret2",
    });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual(["auth:validation.passwordsMismatch"]);
  });
});
