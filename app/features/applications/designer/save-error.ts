import { ApiClientError, isNetworkError } from "../../../lib/api-client.ts";
import type { ErrorCode } from "../../../../shared/errors.ts";
import { fieldTypeLockDetailsSchema } from "../../../../shared/fields/field-type-lock.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";

/** What the designer does with a failed save: go to the plans page, or explain in the error dialog. */
export type SaveErrorOutcome =
  { kind: "limit" } | { kind: "dialog"; messageKey: string; params: Record<string, string>; details: string };

/** Keys in the `designer` namespace of the creation error catalogue (spec 000 §8). */
const MESSAGE_BY_CODE: Partial<Record<ErrorCode, string>> = {
  DUPLICATE_APPLICATION_NAME: "saveErrors.duplicateName",
  UNAUTHENTICATED: "saveErrors.sessionExpired",
  SESSION_EXPIRED: "saveErrors.sessionExpired",
  FORBIDDEN: "saveErrors.forbidden",
  CSRF_REJECTED: "saveErrors.invalidSession",
  APPLICATION_NOT_FOUND: "saveErrors.notFound",
  FIELD_TYPE_LOCKED: "saveErrors.fieldTypeLocked",
};

/** The spec's error-text helper: message, details and '(Código: code)' joined for the details block. */
export function errorDetails(error: unknown): string {
  if (error instanceof ApiClientError) {
    const parts = [error.message];
    if (error.details !== undefined) parts.push(JSON.stringify(error.details, null, 2));
    parts.push(`(Código: ${error.code})`);
    return parts.join("\n");
  }
  return error instanceof Error ? error.message : String(error);
}

/** The field a refused type change is about, named with its old and new type, so the dialog says why. */
function typeLockedOutcome(
  error: ApiClientError,
  details: string,
  typeName: (type: FieldType) => string,
): SaveErrorOutcome | null {
  const parsed = fieldTypeLockDetailsSchema.safeParse(error.details);
  const field = parsed.success ? parsed.data.fields[0] : undefined;
  if (!field) return null;
  return {
    kind: "dialog",
    messageKey: "saveErrors.fieldTypeLockedNamed",
    params: {
      label: field.label,
      storedType: typeName(field.storedType),
      requestedType: typeName(field.requestedType),
    },
    details,
  };
}

/**
 * `errorText` is the catalogue's text for the error (lib/api-error-text.ts): the generic message quotes it.
 * `typeName` names a field type in the user's language.
 */
export function classifySaveError(
  error: unknown,
  errorText: string,
  typeName: (type: FieldType) => string = (type) => type,
): SaveErrorOutcome {
  const details = errorDetails(error);
  if (error instanceof ApiClientError) {
    if (error.code === "APPLICATION_LIMIT_REACHED") return { kind: "limit" };
    if (error.code === "FIELD_TYPE_LOCKED") {
      const locked = typeLockedOutcome(error, details, typeName);
      if (locked) return locked;
    }
    const messageKey = MESSAGE_BY_CODE[error.code];
    if (messageKey) return { kind: "dialog", messageKey, params: {}, details };
    return { kind: "dialog", messageKey: "saveErrors.generic", params: { message: errorText }, details };
  }
  if (isNetworkError(error)) return { kind: "dialog", messageKey: "saveErrors.network", params: {}, details };
  return { kind: "dialog", messageKey: "saveErrors.generic", params: { message: errorText }, details };
}
