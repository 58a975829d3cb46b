import type { Db } from "../db/client.ts";
import { findUsableApiToken } from "../db/queries/api-tokens.ts";
import { hashApiToken, looksLikeApiToken } from "../services/api-tokens/api-token-secret.ts";
import type { ApiTokenScope } from "../../shared/integrations/api-tokens.ts";

/** The token a request presents, if any: `Authorization: Bearer <token>`, or Basic with the token as the password
 * (what Excel and Power BI send to an OData feed; the user name is ignored). */
export function presentedApiToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (scheme.toLowerCase() === "bearer") return value;
  if (scheme.toLowerCase() !== "basic") return null;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon === -1 ? null : decoded.slice(colon + 1);
}

export interface ApiTokenIdentity {
  tokenId: string;
  scopes: ApiTokenScope[];
  user: { id: string; email: string; name: string };
}

/** The identity behind a presented token, or null for an unknown, revoked or expired one. */
export async function resolveApiToken(db: Db, token: string, now = new Date()): Promise<ApiTokenIdentity | null> {
  if (!looksLikeApiToken(token)) return null;
  const found = await findUsableApiToken(db, hashApiToken(token), now);
  if (!found) return null;
  return {
    tokenId: found.tokenId,
    scopes: found.scopes,
    user: { id: found.userId, email: found.email, name: found.name },
  };
}
