import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFetch } from "../../../lib/api-client.ts";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import type { OfflineAreaInput, TeamOfflineAreaDto, TeamOfflineAreasDto } from "../../../../shared/map/offline-area.ts";

const base = (applicationId: string) => `/api/applications/${encodeURIComponent(applicationId)}/offline-areas`;

export const teamAreasApi = {
  /** The applications whose team areas the screen offers: every one the user has. */
  applications: async () => (await api.get<{ applications: ApplicationSummary[] }>("/api/applications")).applications,
  list: async (applicationId: string) => (await api.get<TeamOfflineAreasDto>(base(applicationId))).areas,
  create: (applicationId: string, area: OfflineAreaInput) => api.post<TeamOfflineAreaDto>(base(applicationId), area),
  remove: (applicationId: string, areaId: string) =>
    apiFetch<void>(`${base(applicationId)}/${encodeURIComponent(areaId)}`, { method: "DELETE" }),
};

const keys = {
  applications: ["offline-maps", "applications"] as const,
  areas: (applicationId: string) => ["offline-maps", "team-areas", applicationId] as const,
};

/**
 * The areas an application's administrators defined for its team, and (for them) defining and removing one. The
 * chosen application, or the user's first.
 */
export function useTeamAreas(chosen: string | null) {
  const client = useQueryClient();
  const applications = useQuery({ queryKey: keys.applications, queryFn: teamAreasApi.applications, retry: false });
  const applicationId = chosen ?? applications.data?.[0]?.id ?? null;
  const areas = useQuery({
    queryKey: keys.areas(applicationId ?? ""),
    queryFn: () => teamAreasApi.list(applicationId ?? ""),
    enabled: applicationId !== null,
    retry: false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: keys.areas(applicationId ?? "") });
  const create = useMutation({
    mutationFn: (area: OfflineAreaInput) => teamAreasApi.create(applicationId ?? "", area),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (areaId: string) => teamAreasApi.remove(applicationId ?? "", areaId),
    onSuccess: refresh,
  });
  return { applicationId, applications, areas, create, remove };
}
