import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { listApplications } from "../../../../shared/api/contracts/applications.ts";
import {
  createOfflineArea,
  deleteOfflineArea,
  listOfflineAreas,
} from "../../../../shared/api/contracts/offline-areas.ts";
import type { OfflineAreaInput } from "../../../../shared/map/offline-area.ts";

export const teamAreasApi = {
  /** The applications whose team areas the screen offers: every one the user has. */
  applications: async () => (await callApi(listApplications, {})).applications,
  list: async (applicationId: string) => (await callApi(listOfflineAreas, { params: { id: applicationId } })).areas,
  create: (applicationId: string, area: OfflineAreaInput) =>
    callApi(createOfflineArea, { params: { id: applicationId }, body: area }),
  remove: (applicationId: string, areaId: string) =>
    callApi(deleteOfflineArea, { params: { id: applicationId, areaId } }),
};

const keys = {
  /** The applications list's own key: the same call, the same answer. */
  applications: queryKeyOf(listApplications, {}),
  areas: (applicationId: string) => queryKeyOf(listOfflineAreas, { params: { id: applicationId } }),
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
