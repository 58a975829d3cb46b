import { apiFetch } from "./api-client.ts";
import { authPost } from "../../shared/api/contracts/account.ts";
import type { PUBLIC_AUTH_ENDPOINTS } from "../../shared/accounts/auth-endpoints.ts";

type AuthPostEndpoint = (typeof PUBLIC_AUTH_ENDPOINTS.POST)[number];

/**
 * Calls one of better-auth's own POST endpoints. Their contract (`authPost`) documents the whole `/api/auth/*` family
 * without a body schema, since better-auth defines each body; only the endpoints the server lets a browser reach may
 * be named.
 */
export function callAuth(endpoint: AuthPostEndpoint, body: Record<string, unknown> = {}): Promise<unknown> {
  return apiFetch<unknown>(authPost.path.replace("/*", endpoint), { method: "POST", json: body });
}
