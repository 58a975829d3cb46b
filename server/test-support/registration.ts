import type { RegistrationInput } from "../../shared/accounts/registration-schema.ts";

/** A complete registration (spec 000 §3) with a fresh e-mail; tests override what they check. */
export function registration(
  overrides: Partial<RegistrationInput> & { locale?: string } = {},
): RegistrationInput & { locale?: string } {
  return {
    name: "Maria Souza",
    email: `maria.${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: "secret123",
    celular: "11999998888",
    pais: "Brasil",
    estado: "SP",
    cidade: "São Paulo",
    logradouro: "Rua das Flores",
    numero: "42",
    empresa: "Agro Campo",
    tamanhoEmpresa: "11_50",
    termos: true,
    ...overrides,
  };
}

/** Registration needs a name of 3+ characters; tests name users freely ("N", "Ana"). */
export function registrationFor(email: string, password: string, name: string): RegistrationInput {
  return registration({ email, password, name: name.length >= 3 ? name : name.padEnd(3, ".") });
}
