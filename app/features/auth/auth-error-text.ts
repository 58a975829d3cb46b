import type { TFunction } from "i18next";
import { isErrorCode } from "../../../shared/errors.ts";
import { ApiClientError, isNetworkError } from "../../lib/api-client.ts";
import { apiErrorText } from "../../lib/api-error-text.ts";

/** Answers that say nothing about what went wrong: the flow's own spec text (`fallbackKey`) is more useful. */
const UNSPECIFIC = new Set(["INTERNAL", "SERVICE_UNAVAILABLE"]);

/**
 * A failed auth call as a sentence the user can act on: the auth screens' own texts for a lost connection, too
 * many tries and wrong credentials, the error catalogue for any other refusal (an untrusted address, an expired
 * session…), and `fallbackKey` when the answer does not say why.
 */
export function authErrorText(t: TFunction<"auth">, error: unknown, fallbackKey: string): string {
  if (isNetworkError(error)) return t("errors.network");
  if (!(error instanceof ApiClientError) || !isErrorCode(error.code) || UNSPECIFIC.has(error.code))
    return t(fallbackKey);
  if (error.code === "RATE_LIMITED") return t("errors.rateLimited");
  if (error.code === "INVALID_CREDENTIALS") return t("login.errors.invalidCredentials");
  return apiErrorText(t, error);
}
