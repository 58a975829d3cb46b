import { isNetworkError } from "../lib/api-client.ts";
import { callApi } from "../lib/api-call.ts";
import { getTeamLayerFeatures, listTeamLayers } from "../../shared/api/contracts/team-layers.ts";
import { offlineDb } from "./db.ts";
import type { TeamLayerContent, TeamLayersDto } from "../../shared/map/team-layer.ts";

/** An application's team layers as this device keeps them, for the collect map offline. */
export interface CachedTeamLayers {
  ownerKey: string;
  applicationId: string;
  layers: TeamLayerContent[];
}

/**
 * The team layers of an application. Online: the list, the features of each layer not on the device yet downloaded
 * (a layer's features never change, so a kept copy is reused; names and colours come from the list), and the whole
 * set kept, replacing what was kept (a removed layer goes). Offline: what the device kept, or none.
 */
export async function loadTeamLayers(userId: string, applicationId: string): Promise<TeamLayerContent[]> {
  const db = offlineDb();
  const kept = await db.teamLayers.get([userId, applicationId]).catch(() => undefined);
  let list: TeamLayersDto;
  try {
    list = await callApi(listTeamLayers, { params: { id: applicationId } });
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return kept?.layers ?? [];
  }
  const keptFeatures = new Map((kept?.layers ?? []).map((layer) => [layer.id, layer.features]));
  const layers: TeamLayerContent[] = [];
  for (const layer of list.layers) {
    const features =
      keptFeatures.get(layer.id) ??
      (await callApi(getTeamLayerFeatures, { params: { id: applicationId, layerId: layer.id } }));
    layers.push({ ...layer, features });
  }
  // A failed write (quota, private mode) must not stop the map online; only the offline copy is missing then.
  await db.teamLayers.put({ ownerKey: userId, applicationId, layers }).catch(() => undefined);
  return layers;
}
