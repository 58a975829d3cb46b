import type { Db } from "../db/client.ts";
import { insertApiToken } from "../db/queries/api-tokens.ts";
import { apiTokenPrefix, generateApiToken, hashApiToken } from "../services/api-tokens/api-token-secret.ts";
import type { ApiTokenScope } from "../../shared/integrations/api-tokens.ts";

/** Stores a token for a user straight in the database and answers its secret, for tests of token-authenticated routes. */
export async function createTestApiToken(
  db: Db,
  userId: string,
  scopes: ApiTokenScope[],
  options: { expiresAt?: Date | null; name?: string } = {},
): Promise<{ id: string; token: string }> {
  const token = generateApiToken();
  const row = await insertApiToken(db, {
    userId,
    name: options.name ?? "test token",
    tokenHash: hashApiToken(token),
    prefix: apiTokenPrefix(token),
    scopes,
    expiresAt: options.expiresAt ?? null,
  });
  return { id: row.id, token };
}
