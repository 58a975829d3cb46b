import type { RouteContract } from "../route-contract.ts";
import { entityContracts } from "./entities.ts";
import { limitContracts } from "./limits.ts";
import { collectMapContracts } from "./collect-map.ts";
import { offlineAreaContracts } from "./offline-areas.ts";
import { syncContracts } from "./sync.ts";
import { overviewContracts } from "./overview.ts";

/**
 * Every contract the server mounts: the OpenAPI document, the body caps, the API-token check and the response check
 * read this list. The web imports a contract from its own module, never this index, so a page's bundle holds only the
 * schemas it calls.
 */
export const API_CONTRACTS: readonly RouteContract[] = [
  ...entityContracts,
  ...limitContracts,
  ...collectMapContracts,
  ...offlineAreaContracts,
  ...syncContracts,
  ...overviewContracts,
];
