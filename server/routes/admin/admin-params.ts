import { ApiError } from "../../lib/api-error.ts";
import { MESSAGE_KINDS, type MessageKind } from "../../../shared/admin/admin-schemas.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a uuid names nothing: 404, never a database error (nor a 400 before authorization). */
export function uuidParam(value: string, name: string): string {
  if (!UUID_PATTERN.test(value)) throw new ApiError("NOT_FOUND", `No such ${name}`);
  return value;
}

export function messageKindParam(kind: string): MessageKind {
  if (!(MESSAGE_KINDS as readonly string[]).includes(kind)) throw new ApiError("NOT_FOUND", "No such inbox");
  return kind as MessageKind;
}
