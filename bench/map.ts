/**
 * `npm run bench -- map [--records N] [--polygons M]` (issue 25): the data map per view at N records and M areas
 * (bench/map-view.ts), then the offline download of a 50 km² area (bench/map-offline-download.ts); one JSON line each.
 */
import { runMapView } from "./map-view.ts";
import { run as runOfflineDownload } from "./map-offline-download.ts";

export async function run(args: string[]): Promise<void> {
  await runMapView(args);
  await runOfflineDownload();
}
