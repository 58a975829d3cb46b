import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { listApiTokens, revokeAllApiTokens, revokeApiToken } from "../../db/queries/api-tokens.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { presentApiToken, presentCreatedApiToken } from "../../presenters/api-token-presenter.ts";
import { createApiToken } from "../../services/api-tokens/create-api-token.ts";
import { createApiTokenSchema } from "../../../shared/integrations/api-tokens.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The account area's "Tokens de API": list, create (the secret is answered once) and revoke one or all (effective on
 * the next request). Sessions only: server/auth/api-token-routes.ts does not list these, so a token cannot mint tokens.
 */
export function apiTokenRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/account/tokens", async (c) => {
    const user = requireUser(c);
    const { tokens, applicationNames } = await listApiTokens(db, user.id);
    c.header("Cache-Control", "no-store");
    return c.json({ tokens: tokens.map((row) => presentApiToken(row, applicationNames)) });
  });

  routes.post("/api/account/tokens", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, createApiTokenSchema);
    const { row, applicationNames, token } = await createApiToken(db, user, input);
    c.header("Cache-Control", "no-store");
    return c.json({ token: presentCreatedApiToken(row, applicationNames, token) }, 201);
  });

  routes.delete("/api/account/tokens", async (c) => {
    const user = requireUser(c);
    await revokeAllApiTokens(db, user.id, new Date());
    return c.body(null, 204);
  });

  routes.delete("/api/account/tokens/:id", async (c) => {
    const user = requireUser(c);
    const id = c.req.param("id");
    if (!UUID_PATTERN.test(id) || !(await revokeApiToken(db, user.id, id, new Date()))) {
      throw new ApiError("API_TOKEN_NOT_FOUND", "No such token");
    }
    return c.body(null, 204);
  });

  return routes;
}
