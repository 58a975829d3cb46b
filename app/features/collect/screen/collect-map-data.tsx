import { createContext, useContext, type ReactNode } from "react";
import { TeamLayersProvider, type TeamLayersView } from "../../../components/map/team-layers-context.tsx";
import type { CollectMapRecord } from "../../../../shared/map/collect-map-records.ts";

const NONE: readonly CollectMapRecord[] = [];
const MapRecordsContext = createContext<readonly CollectMapRecord[]>(NONE);

/** The previous records the collect page gives its map; none on a public link's form (a visitor sees no records). */
export function useMapRecords(): readonly CollectMapRecord[] {
  return useContext(MapRecordsContext);
}

/** What the collect page's maps show beyond the base map: the team layers, and the previous records. */
export function CollectMapData({
  layers,
  records = NONE,
  children,
}: {
  layers: TeamLayersView;
  records: readonly CollectMapRecord[] | undefined;
  children: ReactNode;
}) {
  return (
    <TeamLayersProvider value={layers}>
      <MapRecordsContext.Provider value={records}>{children}</MapRecordsContext.Provider>
    </TeamLayersProvider>
  );
}
