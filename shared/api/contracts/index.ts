import type { RouteContract } from "../route-contract.ts";
import { entityContracts } from "./entities.ts";
import { entityDataContracts } from "./entity-data.ts";

/**
 * Every contract the server mounts: the OpenAPI document, the body caps, the API-token check and the response check
 * read this list. The web imports a contract from its own module, never this index, so a page's bundle holds only the
 * schemas it calls.
 */
export const API_CONTRACTS: readonly RouteContract[] = [...entityContracts, ...entityDataContracts];
