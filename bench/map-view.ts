/**
 * The data map per view (issues 25 and 27), part of `npm run bench -- map [--records N] [--polygons M]`: N located
 * records (default 100,000), M of them (default 10,000) with a 1 ha area (bench/map-seed.ts seeds them), then
 * GET …/records/map-view timed over HTTP against a server in this process (median of 5, after one warm-up) with its
 * JSON size, for the views the data map asks for:
 *
 * world      the first request: the whole world at zoom 3, with the records' extent
 * first      the extent fitted in a 1280 × 600 map, as the web asks right after
 * zoomed     a 0.005° square at zoom 17 inside the grid: the records themselves, with their areas
 */
import os from "node:os";
import { benchCall, benchSignUp, withBenchServer } from "./bench-server.ts";
import { option, seedMapRecords, timed } from "./map-seed.ts";
import { mercatorY, type Bbox, type MapViewData } from "../shared/map/map-view.ts";

const OWNER_EMAIL = "bench-map-view@campo.bench";
const MAP_PX: [number, number] = [1280, 600];

/** The zoom at which MapLibre shows this box in the bench's map size (fitBounds without padding). */
function fittedZoom([west, south, east, north]: Bbox): number {
  const across = Math.log2((MAP_PX[0] * 360) / (256 * Math.max(east - west, 1e-9)));
  const down = Math.log2((MAP_PX[1] * 2 * Math.PI) / (256 * Math.max(mercatorY(north) - mercatorY(south), 1e-9)));
  return Math.min(across, down);
}

export async function runMapView(args: string[]): Promise<void> {
  const records = option(args, "--records", 100_000);
  const polygons = Math.min(records, option(args, "--polygons", 10_000));
  await withBenchServer("map-view", OWNER_EMAIL, async (server) => {
    const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench Map View");
    const { applicationId, generateSeconds } = await seedMapRecords(server, session, records, polygons);
    const path = `/api/applications/${applicationId}/records/map-view`;
    const read = async (query: string) => (await (await benchCall(session, `${path}?${query}`)).json()) as MapViewData;
    const worldQuery = "zoom=3";
    const world = await read(worldQuery);
    if (!world.extent) throw new Error("the world view has no extent");
    const firstQuery = `zoom=${fittedZoom(world.extent).toFixed(2)}&bbox=${world.extent.join(",")}`;
    const [west, , , north] = world.extent;
    const zoomedQuery = `zoom=17&bbox=${west},${north - 0.005},${west + 0.005},${north}`;
    const first = await read(firstQuery);
    const zoomed = await read(zoomedQuery);
    const placed = (view: MapViewData) => view.clusters.reduce((sum, cluster) => sum + cluster[2], view.points.length);
    if (placed(world) !== records || placed(first) !== records)
      throw new Error(`the views place ${placed(world)} and ${placed(first)} of ${records} records`);
    const timings = {
      world: await timed(session, `${path}?${worldQuery}`),
      first: await timed(session, `${path}?${firstQuery}`),
      zoomed: await timed(session, `${path}?${zoomedQuery}`),
    };
    const figures = {
      records,
      polygons,
      generate_s: Number(generateSeconds.toFixed(2)),
      ...Object.fromEntries(
        Object.entries(timings).flatMap(([name, { ms, bytes }]) => [
          [`${name}_ms`, Number(ms.toFixed(1))],
          [`${name}_kb`, Number((bytes / 1024).toFixed(1))],
        ]),
      ),
      first_clusters: first.clusters.length,
      zoomed_points: zoomed.points.length,
      zoomed_shapes: zoomed.shapes.length,
      load_1m: Number(os.loadavg()[0]?.toFixed(2)),
    };
    console.table(figures);
    console.log(JSON.stringify({ benchmark: "map-view", database: server.context.database.kind, ...figures }));
  });
}
