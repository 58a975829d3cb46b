import type { Db } from "../../db/client.ts";
import { lockApplication } from "../../db/queries/applications.ts";
import { countTeamLayers, insertTeamLayer, type TeamLayerSummary } from "../../db/queries/team-layers.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseTeamLayer } from "./parse-team-layer.ts";
import { TEAM_LAYERS_MAX, type teamLayerUploadSchema } from "../../../shared/map/team-layer.ts";
import type { z } from "zod";

/**
 * Reads the uploaded file (refusing it whole on any problem) and stores it as a new layer of the application, under
 * the application's row lock so two uploads at once cannot pass the per-application cap together.
 */
export async function addTeamLayer(
  db: Db,
  applicationId: string,
  actorId: string,
  upload: z.output<typeof teamLayerUploadSchema>,
): Promise<TeamLayerSummary> {
  const parsed = await parseTeamLayer(upload.fileName, upload.content);
  return db.transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    if ((await countTeamLayers(tx, applicationId)) >= TEAM_LAYERS_MAX)
      throw new ApiError("TEAM_LAYERS_LIMIT_REACHED", `An application holds at most ${TEAM_LAYERS_MAX} layers`);
    return insertTeamLayer(tx, {
      applicationId,
      name: upload.name,
      color: upload.color.toLowerCase(),
      format: parsed.format,
      features: parsed.features,
      featureCount: parsed.features.features.length,
      vertexCount: parsed.vertexCount,
      ...parsed.bbox,
      createdBy: actorId,
    });
  });
}
