import { contractUrl } from "./api/contract-url.ts";
import { listApplications } from "./api/contracts/applications.ts";
import { getDataView, listRecords } from "./api/contracts/data.ts";
import {
  RECORD_ORDER_DEFAULT,
  RECORD_PAGE_DEFAULT,
  RECORD_SORT_DEFAULT,
  recordsPageQuery,
} from "./records/record-filter.ts";

type Reads = (params: Record<string, string>, search: URLSearchParams) => string[];

/**
 * The API reads a signed-in page's first render makes, by React Router pattern, as the addresses the app asks for:
 * the server's index.html preloads them beside the page's scripts (server/route-preloads.ts), so the answers travel
 * while the scripts download instead of after they have run. Built from the same contracts and query builders as the
 * app's calls: a preload is used only by a request for the very same address. A read that depends on the page's
 * search parameters is listed only for the page without any (a link from the list opens it so). The collect screen
 * has none: it reads the form only in the installed app, which the server cannot tell from a browser tab (there it
 * shows the device's guard and reads nothing), and the installed app opens it from the service worker's copy.
 */
export const ROUTE_READS: Readonly<Record<string, Reads>> = {
  "/applications": () => [contractUrl(listApplications, {})],
  "/applications/:id/data": ({ id = "" }, search) => [
    contractUrl(getDataView, { params: { id } }),
    ...(search.size === 0
      ? [
          contractUrl(listRecords, {
            params: { id },
            query: recordsPageQuery("", {
              sort: RECORD_SORT_DEFAULT,
              order: RECORD_ORDER_DEFAULT,
              limit: RECORD_PAGE_DEFAULT,
            }),
          }),
        ]
      : []),
  ],
};
