import type { TFunction } from "i18next";
import { ApiClientError, isNetworkError } from "../../lib/api-client.ts";

/** A failed auth call as a sentence the user can act on; codes without a specific text get `fallbackKey`. */
export function authErrorText(t: TFunction<"auth">, error: unknown, fallbackKey: string): string {
  if (isNetworkError(error)) return t("errors.network");
  if (error instanceof ApiClientError) {
    if (error.code === "RATE_LIMITED") return t("errors.rateLimited");
    if (error.code === "INVALID_CREDENTIALS") return t("login.errors.invalidCredentials");
  }
  return t(fallbackKey);
}
