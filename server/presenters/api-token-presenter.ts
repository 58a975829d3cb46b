import type { ApiTokenRow } from "../db/queries/api-tokens.ts";
import type { ApiTokenDto, CreatedApiTokenDto } from "../../shared/integrations/api-tokens.ts";

/** A token as its owner sees it in the list: never its hash, never its secret. */
export function presentApiToken(row: ApiTokenRow, applicationNames: ReadonlyMap<string, string>): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.map((scope) => ({
      applicationId: scope.applicationId,
      access: scope.access,
      applicationTitle: applicationNames.get(scope.applicationId) ?? null,
    })),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The create answer: the list entry plus the secret, which leaves the server this once. */
export function presentCreatedApiToken(
  row: ApiTokenRow,
  applicationNames: ReadonlyMap<string, string>,
  token: string,
): CreatedApiTokenDto {
  return { ...presentApiToken(row, applicationNames), token };
}
