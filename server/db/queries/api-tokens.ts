import { and, desc, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { apiTokens, applications, users } from "../schema/index.ts";
import type { ApiTokenScope } from "../../../shared/integrations/api-tokens.ts";

export type NewApiToken = typeof apiTokens.$inferInsert;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

const LAST_USED_RESOLUTION_MS = 60_000;

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

/** Records a use, at most once a minute per token (the condition keeps busy tokens from writing on every call). */
export async function touchApiTokenLastUsed(db: Db, tokenId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
      ),
    );
}

export interface ListedApiTokens {
  tokens: ApiTokenRow[];
  /** Application id → name, for the applications the scopes name that still exist. */
  applicationNames: Map<string, string>;
}

/** The user's tokens that are not revoked (expired ones included, so the owner sees them lapse), newest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ListedApiTokens> {
  const tokens = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return { tokens, applicationNames: await applicationNamesOf(db, tokens) };
}

/** The names of the applications some tokens' scopes name (a deleted application has none). */
export async function applicationNamesOf(db: Db, tokens: ApiTokenRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(tokens.flatMap((row) => row.scopes.map((scope) => scope.applicationId)))];
  const names = ids.length
    ? await db
        .select({ id: applications.id, name: applications.name })
        .from(applications)
        .where(inArray(applications.id, ids))
    : [];
  return new Map(names.map((row) => [row.id, row.name]));
}

/** Revokes one of the user's tokens; false when the user has no such live token. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Revokes every live token of the user (the account page's "revoke all", a password reset or change). */
export async function revokeAllApiTokens(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
