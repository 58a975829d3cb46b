import type { PermissionObject } from "../../shared/permissions/permissions.ts";
import { api } from "./api-client.ts";

/** GET /api/me: the signed-in user as the server sees them. */
export interface Me {
  user: { id: string; email: string; name: string };
  isSuperAdmin: boolean;
  permissions: PermissionObject;
}

/** What GET /api/me answers: the user, or `{ user: null }` when no session is signed in (not a 401). */
export type MeResponse = Me | { user: null };

/** The signed-in user of a GET /api/me answer, or null when signed out. */
export function signedInMe(response: MeResponse): Me | null {
  return response.user ? response : null;
}

/** GET /api/me: the signed-in user, or null when signed out (network and server errors throw). */
export async function fetchMe(timeoutMs?: number): Promise<Me | null> {
  return signedInMe(await api.get<MeResponse>("/api/me", timeoutMs === undefined ? {} : { timeoutMs }));
}
