/**
 * OData's version negotiation (Protocol §8.2.6–8.2.7): the feed speaks 4.0 only. A request that says it speaks, or
 * accepts at most, an older version is refused with 400 rather than answered in a version the client cannot read;
 * a newer one (4.01) is served 4.0, which a 4.01 client reads. OData v3's `MaxDataServiceVersion`, which Power BI and
 * Excel send beside `OData-MaxVersion`, is not ours to check.
 */
import { ApiError } from "../../lib/api-error.ts";

export const ODATA_VERSION = "4.0";

const VERSION = /^\s*(\d{1,3})\.(\d{1,3})\s*$/;

function below4(header: string, value: string): boolean {
  const match = VERSION.exec(value);
  if (!match) {
    const message = `${header} must be a version such as 4.0`;
    throw new ApiError("VALIDATION_FAILED", message, [{ target: header, message }]);
  }
  return Number(match[1]) < 4;
}

export function checkODataVersion(headers: { maxVersion?: string | undefined; version?: string | undefined }): void {
  for (const [header, value] of [
    ["OData-MaxVersion", headers.maxVersion],
    ["OData-Version", headers.version],
  ] as const) {
    if (value !== undefined && below4(header, value)) {
      const message = `This feed speaks OData ${ODATA_VERSION}; ${header} ${value.trim()} asks for an older version`;
      throw new ApiError("VALIDATION_FAILED", message, [{ target: header, message }]);
    }
  }
}
