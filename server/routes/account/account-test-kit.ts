import { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";
import type { RegistrationInput } from "../../../shared/accounts/registration-schema.ts";

/** Test servers for account tests trust X-Forwarded-For, so each client gets its own rate-limit bucket. */
export const ACCOUNT_TEST_ENV = { TRUST_PROXY: "true" };

let nextAddress = 1;

/** A browser-like client from its own IP address: rate limits of one test do not spill into another. */
export class ClientFromAddress extends HttpClient {
  readonly address = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  override request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    return super.request(pathname, { ...init, headers });
  }
}

export function clientFor(server: TestServer): ClientFromAddress {
  return new ClientFromAddress(server.url);
}

export function registration(overrides: Partial<RegistrationInput> & { locale?: string } = {}): RegistrationInput & { locale?: string } {
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
