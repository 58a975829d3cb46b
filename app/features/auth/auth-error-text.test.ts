import { readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../shared/errors.ts";
import { ApiClientError, NetworkError } from "../../lib/api-client.ts";
import { authErrorText } from "./auth-error-text.ts";

const catalog = (namespace: string) =>
  JSON.parse(
    readFileSync(
      path.join(import.meta.dirname, "..", "..", "..", "shared", "i18n", "locales", "pt-BR", `${namespace}.json`),
      "utf8",
    ),
  ) as Record<string, never>;

let t: TFunction<"auth">;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "pt-BR",
    resources: { "pt-BR": { auth: catalog("auth"), errors: catalog("errors") } },
    defaultNS: "auth",
  });
  t = i18n.getFixedT("pt-BR", "auth");
});
const refused = (code: string, status = 400) =>
  new ApiClientError(status, { code: code as ErrorCode, message: `server says ${code}` });

describe("authErrorText", () => {
  it("says the address is not trusted when the server refuses the page's origin, instead of a generic failure", () => {
    const text = authErrorText(t, refused("CSRF_REJECTED", 403), "register.errors.failed");
    expect(text).toBe("Este endereço não é confiável para o servidor. Abra o aplicativo pelo endereço público dele.");
  });

  it("keeps the auth screens' own texts for a lost connection, too many tries and wrong credentials", () => {
    expect(authErrorText(t, new NetworkError(new TypeError("Failed to fetch")), "register.errors.failed")).toBe(
      t("errors.network"),
    );
    expect(authErrorText(t, refused("RATE_LIMITED", 429), "register.errors.failed")).toBe(t("errors.rateLimited"));
    expect(authErrorText(t, refused("INVALID_CREDENTIALS", 401), "register.errors.failed")).toBe(
      t("login.errors.invalidCredentials"),
    );
  });

  it("falls back to the flow's own text when the answer does not say why", () => {
    expect(authErrorText(t, refused("INTERNAL", 500), "register.errors.failed")).toBe(t("register.errors.failed"));
    expect(authErrorText(t, refused("NOT_A_CODE_WE_KNOW"), "register.errors.failed")).toBe(t("register.errors.failed"));
    expect(authErrorText(t, new Error("boom"), "register.errors.failed")).toBe(t("register.errors.failed"));
  });
});
