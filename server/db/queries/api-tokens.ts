import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { apiTokens, users } from "../schema/index.ts";
import type { ApiTokenScope } from "../../../shared/integrations/api-tokens.ts";

export type NewApiToken = typeof apiTokens.$inferInsert;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(db: Db, token: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  if (!row) throw new Error("api_tokens insert returned no row");
  return row;
}

export interface UsableApiToken {
  tokenId: string;
  scopes: ApiTokenScope[];
  userId: string;
  email: string;
  name: string;
}

/** The token with this hash if it is neither revoked nor expired, with its user. */
export async function findUsableApiToken(db: Db, tokenHash: string, now: Date): Promise<UsableApiToken | undefined> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      userId: users.id,
      email: users.email,
      name: users.name,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  return row;
}
