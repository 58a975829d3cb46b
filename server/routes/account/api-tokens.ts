import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listApiTokens, revokeAllApiTokens, revokeApiToken } from "../../db/queries/api-tokens.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentApiToken, presentCreatedApiToken } from "../../presenters/api-token-presenter.ts";
import { createApiToken } from "../../services/api-tokens/create-api-token.ts";
import * as contracts from "../../../shared/api/contracts/account.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account area's "Tokens de API": list, create (the secret is answered once) and revoke one or all (effective on
 * the next request). Sessions only (each contract says `token: false`), so a token cannot mint tokens.
 */
export function apiTokenRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.listApiTokens, async (c, { user }) => {
    const { tokens, applicationNames } = await listApiTokens(db, user.id);
    c.header("Cache-Control", "no-store");
    return c.json({ tokens: tokens.map((row) => presentApiToken(row, applicationNames)) });
  });

  mountRoute(routes, db, contracts.createApiToken, async (c, { user, body }) => {
    const { row, applicationNames, token } = await createApiToken(db, user, body);
    c.header("Cache-Control", "no-store");
    return c.json({ token: presentCreatedApiToken(row, applicationNames, token) }, 201);
  });

  mountRoute(routes, db, contracts.revokeAllApiTokens, async (c, { user }) => {
    await revokeAllApiTokens(db, user.id, new Date());
    return c.body(null, 204);
  });

  mountRoute(routes, db, contracts.revokeApiToken, async (c, { user, params: { id } }) => {
    if (!UUID_PATTERN.test(id) || !(await revokeApiToken(db, user.id, id, new Date()))) {
      throw new ApiError("API_TOKEN_NOT_FOUND", "No such token");
    }
    return c.body(null, 204);
  });

  return routes;
}
