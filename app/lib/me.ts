import { callApi } from "./api-call.ts";
import { getMe } from "../../shared/api/contracts/me.ts";
import type { ContractResponse } from "../../shared/api/route-contract.ts";

/** What GET /api/me answers: the user, or `{ user: null }` when no session is signed in (not a 401). */
export type MeResponse = ContractResponse<typeof getMe>;

/** The signed-in user as the server sees them. */
export type Me = Exclude<MeResponse, { user: null }>;

/** The signed-in user of a GET /api/me answer, or null when signed out. */
export function signedInMe(response: MeResponse): Me | null {
  return response.user ? response : null;
}

/** GET /api/me: the signed-in user, or null when signed out (network and server errors throw). */
export async function fetchMe(timeoutMs?: number): Promise<Me | null> {
  return signedInMe(await callApi(getMe, {}, timeoutMs === undefined ? {} : { timeoutMs }));
}
