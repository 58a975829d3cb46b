import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { TeamLayerDto, TeamLayersDto, TeamLayerUpload } from "../../../../shared/map/team-layer.ts";

const base = (applicationId: string) => `/api/applications/${encodeURIComponent(applicationId)}/team-layers`;
const layerPath = (applicationId: string, layerId: string) => `${base(applicationId)}/${encodeURIComponent(layerId)}`;

export const teamLayersApi = {
  list: async (applicationId: string) => (await api.get<TeamLayersDto>(base(applicationId))).layers,
  upload: (applicationId: string, upload: TeamLayerUpload) => api.post<TeamLayerDto>(base(applicationId), upload),
  update: (applicationId: string, layerId: string, changes: { name?: string; color?: string }) =>
    api.patch<TeamLayerDto>(layerPath(applicationId, layerId), changes),
  remove: (applicationId: string, layerId: string) => api.delete<void>(layerPath(applicationId, layerId)),
};

/** An application's team layers, and (for its administrators) uploading, renaming, recolouring and removing them. */
export function useTeamLayerAdmin(applicationId: string) {
  const client = useQueryClient();
  const key = ["offline-maps", "team-layers", applicationId] as const;
  const layers = useQuery({ queryKey: key, queryFn: () => teamLayersApi.list(applicationId), retry: false });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: (input: TeamLayerUpload) => teamLayersApi.upload(applicationId, input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; color?: string }) =>
      teamLayersApi.update(applicationId, id, changes),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => teamLayersApi.remove(applicationId, id),
    onSuccess: refresh,
  });
  return { layers, upload, update, remove };
}
