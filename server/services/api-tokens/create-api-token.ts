import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { applicationNamesOf, insertApiToken, type ApiTokenRow } from "../../db/queries/api-tokens.ts";
import { ApiError } from "../../lib/api-error.ts";
import { canRead, loadAccess, mayCollect } from "../../policies/application-access.ts";
import type { CreateApiTokenInput } from "../../../shared/integrations/api-tokens.ts";
import { apiTokenPrefix, generateApiToken, hashApiToken } from "./api-token-secret.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CreatedApiToken {
  row: ApiTokenRow;
  applicationNames: Map<string, string>;
  /** The secret, answered once and never stored. */
  token: string;
}

/**
 * A token never grants more than its user has, judged as the user's session would be: `read` needs an application
 * the user reads (else 404, as the application routes answer a stranger), `write` one the user collects into.
 */
export async function createApiToken(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin">,
  input: CreateApiTokenInput,
  now = new Date(),
): Promise<CreatedApiToken> {
  const asSession = { id: user.id, isSuperAdmin: user.isSuperAdmin, apiToken: null };
  for (const scope of input.scopes) {
    const access = await loadAccess(db, asSession, scope.applicationId);
    if (!canRead(access)) {
      throw new ApiError("APPLICATION_NOT_FOUND", "Application not found", { applicationId: scope.applicationId });
    }
    if (scope.access === "write" && !mayCollect(access)) {
      throw new ApiError("API_TOKEN_SCOPE_FORBIDDEN", "The token may not write where its user may not", {
        applicationId: scope.applicationId,
      });
    }
  }
  const token = generateApiToken();
  const row = await insertApiToken(db, {
    userId: user.id,
    name: input.name,
    tokenHash: hashApiToken(token),
    prefix: apiTokenPrefix(token),
    scopes: input.scopes.map(({ applicationId, access }) => ({ applicationId, access })),
    expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
    createdAt: now,
  });
  return { row, applicationNames: await applicationNamesOf(db, [row]), token };
}
