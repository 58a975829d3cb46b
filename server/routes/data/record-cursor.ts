import { ApiError } from "../../lib/api-error.ts";

/** Opaque to clients: the last row's (sort key, id), base64url JSON. */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

export function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // fall through: any malformed cursor is the same client error
  }
  throw new ApiError("VALIDATION_FAILED", "Invalid cursor", [
    { param: "cursor", message: "Not a cursor this API gave" },
  ]);
}
