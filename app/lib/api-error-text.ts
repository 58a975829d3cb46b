import type { TFunction } from "i18next";
import { ApiClientError } from "./api-client.ts";
import { ERRORS } from "../../shared/errors.ts";

/** The catalogue's translated text for an API error ("errors" namespace), else the fallback. */
export function apiErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiClientError) return t(`errors:${ERRORS[error.code].key}`, { defaultValue: error.message || fallback });
  return fallback;
}
