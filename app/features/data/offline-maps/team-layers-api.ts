import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import {
  deleteTeamLayer,
  listTeamLayers,
  updateTeamLayer,
  uploadTeamLayer,
} from "../../../../shared/api/contracts/team-layers.ts";
import type { TeamLayerUpload } from "../../../../shared/map/team-layer.ts";

/** An application's team layers, and (for its administrators) uploading, renaming, recolouring and removing them. */
export function useTeamLayerAdmin(applicationId: string) {
  const client = useQueryClient();
  const params = { id: applicationId };
  const key = queryKeyOf(listTeamLayers, { params });
  const layers = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(listTeamLayers, { params })).layers,
    retry: false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: (input: TeamLayerUpload) => callApi(uploadTeamLayer, { params, body: input }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...changes }: { id: string; name?: string; color?: string }) =>
      callApi(updateTeamLayer, { params: { ...params, layerId: id }, body: changes }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(deleteTeamLayer, { params: { ...params, layerId: id } }),
    onSuccess: refresh,
  });
  return { layers, upload, update, remove };
}
