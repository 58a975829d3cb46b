import { useQuery } from "@tanstack/react-query";
import { api, apiFetch } from "../../lib/api-client.ts";
import type { ApplicationSummary } from "../../../shared/applications/application-dtos.ts";
import type { ApiTokenDto, CreateApiTokenInput, CreatedApiTokenDto } from "../../../shared/integrations/api-tokens.ts";

export const API_TOKENS_QUERY_KEY = ["account", "api-tokens"] as const;

export const apiTokensApi = {
  list: async () => (await api.get<{ tokens: ApiTokenDto[] }>("/api/account/tokens")).tokens,
  create: async (input: CreateApiTokenInput) =>
    (await api.post<{ token: CreatedApiTokenDto }>("/api/account/tokens", input)).token,
  revoke: (id: string) => apiFetch<void>(`/api/account/tokens/${id}`, { method: "DELETE" }),
  revokeAll: () => apiFetch<void>("/api/account/tokens", { method: "DELETE" }),
  /** The applications a scope may name: those the user has (the server checks each scope again). */
  applications: async () => (await api.get<{ applications: ApplicationSummary[] }>("/api/applications")).applications,
};

export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_QUERY_KEY, queryFn: apiTokensApi.list });
}
