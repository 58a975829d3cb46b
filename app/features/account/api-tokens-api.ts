import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { callApi, queryKeyOf } from "../../lib/api-call.ts";
import type { ApplicationSummary } from "../../../shared/applications/application-dtos.ts";
import type { CreateApiTokenInput } from "../../../shared/integrations/api-tokens.ts";
import {
  createApiToken,
  listApiTokens,
  revokeAllApiTokens,
  revokeApiToken,
} from "../../../shared/api/contracts/account.ts";

export const API_TOKENS_QUERY_KEY = queryKeyOf(listApiTokens, {});

export const apiTokensApi = {
  list: async () => (await callApi(listApiTokens, {})).tokens,
  create: async (input: CreateApiTokenInput) => (await callApi(createApiToken, { body: input })).token,
  revoke: (id: string) => callApi(revokeApiToken, { params: { id } }),
  revokeAll: () => callApi(revokeAllApiTokens, {}),
  /** The applications a scope may name: those the user has (the server checks each scope again). */
  applications: async () => (await api.get<{ applications: ApplicationSummary[] }>("/api/applications")).applications,
};

export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_QUERY_KEY, queryFn: apiTokensApi.list });
}
