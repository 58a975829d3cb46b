import { ERRORS, type ErrorBody, type ErrorCode } from "../../shared/errors.ts";

/** The only error a route throws on purpose; the error handler turns it into the catalogue's status and body. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}
