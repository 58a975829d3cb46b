import type { TFunction } from "i18next";
import { ERRORS, isErrorCode } from "../../shared/errors.ts";
import { ApiClientError, isNetworkError } from "./api-client.ts";

/**
 * The text the UI shows for a failed API call, always from the error catalogue in the user's language: the
 * server's own `message` is English for logs and scripts and never reaches the screen. A code this build does not
 * know (a newer server) and anything that is not an API answer get the catalogue's generic text.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const unknown = t("errors:unknown");
  if (error instanceof ApiClientError && isErrorCode(error.code))
    return t(`errors:${ERRORS[error.code].key}`, { defaultValue: unknown });
  if (isNetworkError(error)) return t("errors:network");
  return unknown;
}
