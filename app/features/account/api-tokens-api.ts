import { useQuery } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import { listApplications } from "../../../shared/api/contracts/applications.ts";
import type { CreateApiTokenInput } from "../../../shared/integrations/api-tokens.ts";
import {
  createApiToken,
  listApiTokens,
  revokeAllApiTokens,
  revokeApiToken,
} from "../../../shared/api/contracts/account.ts";

export const API_TOKENS_QUERY_KEY = queryKeyOf(listApiTokens, {});
/** The caller's applications, cached as the applications list caches them (the array, not its envelope). */
export const SCOPE_APPLICATIONS_QUERY_KEY = queryKeyOf(listApplications, {});

export const apiTokensApi = {
  list: async () => (await callApi(listApiTokens, {})).tokens,
  create: async (input: CreateApiTokenInput) => (await callApi(createApiToken, { body: input })).token,
  revoke: (id: string) => callApi(revokeApiToken, { params: { id } }),
  revokeAll: () => callApi(revokeAllApiTokens, {}),
  /** The applications a scope may name: those the user has (the server checks each scope again). */
  applications: async () => (await callApi(listApplications, {})).applications,
};

export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_QUERY_KEY, queryFn: apiTokensApi.list });
}
