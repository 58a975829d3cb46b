/**
 * The one error catalogue: a stable code, the HTTP status the API answers with, and the translation key
 * (namespace "errors") the web shows. Every route throws ApiError with one of these codes.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, key: "validationFailed" },
  MALFORMED_JSON: { status: 400, key: "malformedJson" },
  BODY_TOO_LARGE: { status: 413, key: "bodyTooLarge" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: "unsupportedMediaType" },
  INVALID_FILE_TYPE: { status: 415, key: "invalidFileType" },
  FILE_TOO_LARGE: { status: 413, key: "fileTooLarge" },
  FORM_FILE_TOO_LARGE: { status: 413, key: "formFileTooLarge" },
  FORM_FILE_TOO_MANY_ROWS: { status: 400, key: "formFileTooManyRows" },
  FORM_FILE_UNREADABLE: { status: 400, key: "formFileUnreadable" },
  FORM_FILES_LIMIT_REACHED: { status: 409, key: "formFilesLimitReached" },
  UNAUTHENTICATED: { status: 401, key: "unauthenticated" },
  SESSION_EXPIRED: { status: 401, key: "sessionExpired" },
  INVALID_CREDENTIALS: { status: 401, key: "invalidCredentials" },
  CURRENT_PASSWORD_INCORRECT: { status: 400, key: "currentPasswordIncorrect" },
  EMAIL_ALREADY_REGISTERED: { status: 409, key: "emailAlreadyRegistered" },
  INVALID_RESET_TOKEN: { status: 400, key: "invalidResetToken" },
  FORBIDDEN: { status: 403, key: "forbidden" },
  ACCOUNT_DISABLED: { status: 403, key: "accountDisabled" },
  SELF_DISABLE_FORBIDDEN: { status: 409, key: "selfDisableForbidden" },
  EMAIL_ALREADY_VERIFIED: { status: 409, key: "emailAlreadyVerified" },
  EMAIL_NOT_SENT: { status: 502, key: "emailNotSent" },
  CSRF_REJECTED: { status: 403, key: "csrfRejected" },
  EXPORT_FORBIDDEN: { status: 403, key: "exportForbidden" },
  DATA_DELETION_FORBIDDEN: { status: 403, key: "dataDeletionForbidden" },
  TEAM_MANAGE_FORBIDDEN: { status: 403, key: "teamManageForbidden" },
  MEMBER_STATUS_FORBIDDEN: { status: 403, key: "memberStatusForbidden" },
  INVITE_NOT_RESENDABLE: { status: 409, key: "inviteNotResendable" },
  INVITE_RATE_LIMITED: { status: 429, key: "inviteRateLimited" },
  INVITE_NOT_CANCELLABLE: { status: 409, key: "inviteNotCancellable" },
  NOT_FOUND: { status: 404, key: "notFound" },
  APPLICATION_NOT_FOUND: { status: 404, key: "applicationNotFound" },
  SUBMISSION_NOT_FOUND: { status: 404, key: "submissionNotFound" },
  DUPLICATE_APPLICATION_NAME: { status: 409, key: "duplicateApplicationName" },
  APPLICATION_LIMIT_REACHED: { status: 402, key: "applicationLimitReached" },
  SUBMISSION_LIMIT_REACHED: { status: 402, key: "submissionLimitReached" },
  TEAM_MEMBER_LIMIT_REACHED: { status: 402, key: "teamMemberLimitReached" },
  STORAGE_LIMIT_REACHED: { status: 402, key: "storageLimitReached" },
  BILLING_FORBIDDEN: { status: 403, key: "billingForbidden" },
  SAME_PLAN: { status: 409, key: "samePlan" },
  DOWNGRADE_BLOCKED: { status: 409, key: "downgradeBlocked" },
  NO_ACTIVE_SUBSCRIPTION: { status: 409, key: "noActiveSubscription" },
  SUBSCRIPTION_EXISTS: { status: 409, key: "subscriptionExists" },
  CHECKOUT_SESSION_INVALID: { status: 404, key: "checkoutSessionInvalid" },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, key: "webhookSignatureInvalid" },
  PAYMENT_PROVIDER_ERROR: { status: 502, key: "paymentProviderError" },
  FIELD_TYPE_LOCKED: { status: 409, key: "fieldTypeLocked" },
  XLSFORM_INVALID: { status: 400, key: "xlsformInvalid" },
  XLSFORM_EXPORT_INVALID_FORM: { status: 409, key: "xlsformExportInvalidForm" },
  MEMBER_NOT_FOUND: { status: 404, key: "memberNotFound" },
  ROLE_CHANGE_FORBIDDEN: { status: 403, key: "roleChangeForbidden" },
  SELF_ROLE_CHANGE: { status: 403, key: "selfRoleChange" },
  CREATOR_ROLE_LOCKED: { status: 409, key: "creatorRoleLocked" },
  ROLE_ALREADY_ASSIGNED: { status: 409, key: "roleAlreadyAssigned" },
  INVITE_EXISTS: { status: 409, key: "inviteExists" },
  INVITE_INVALID: { status: 404, key: "inviteInvalid" },
  INVITE_EXPIRED: { status: 410, key: "inviteExpired" },
  INVITE_EMAIL_MISMATCH: { status: 403, key: "inviteEmailMismatch" },
  ALREADY_MEMBER: { status: 409, key: "alreadyMember" },
  BLOG_SLUG_TAKEN: { status: 409, key: "blogSlugTaken" },
  BLOG_TRANSLATION_INVALID: { status: 400, key: "blogTranslationInvalid" },
  CONFLICT: { status: 409, key: "conflict" },
  MEDIA_MISSING: { status: 409, key: "mediaMissing" },
  RATE_LIMITED: { status: 429, key: "rateLimited" },
  API_TOKEN_NOT_ALLOWED: { status: 403, key: "apiTokenNotAllowed" },
  API_TOKEN_SCOPE_FORBIDDEN: { status: 403, key: "apiTokenScopeForbidden" },
  API_TOKEN_NOT_FOUND: { status: 404, key: "apiTokenNotFound" },
  INTERNAL: { status: 500, key: "internal" },
  NOT_IMPLEMENTED: { status: 501, key: "notImplemented" },
  SERVICE_UNAVAILABLE: { status: 503, key: "serviceUnavailable" },
} as const satisfies Record<string, { status: number; key: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The JSON body of every error response. `details` never carries stack traces. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}
