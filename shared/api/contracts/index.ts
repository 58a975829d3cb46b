import type { RouteContract } from "../route-contract.ts";
import { entityContracts } from "./entities.ts";
import { healthContracts } from "./health.ts";
import { meContracts } from "./me.ts";
import { changeLogContracts } from "./change-log.ts";
import { contactContracts } from "./contact.ts";
import { supportContracts } from "./support.ts";
import { accountContracts } from "./account.ts";
import { teamContracts } from "./team.ts";
import { inviteContracts } from "./invites.ts";
import { adminContracts } from "./admin.ts";
import { openApiContracts } from "./openapi.ts";

/**
 * Every contract the server mounts: the OpenAPI document, the body caps, the API-token check and the response check
 * read this list. The web imports a contract from its own module, never this index, so a page's bundle holds only the
 * schemas it calls.
 */
export const API_CONTRACTS: readonly RouteContract[] = [
  ...entityContracts,
  ...healthContracts,
  ...meContracts,
  ...changeLogContracts,
  ...contactContracts,
  ...supportContracts,
  ...accountContracts,
  ...teamContracts,
  ...inviteContracts,
  ...adminContracts,
  ...openApiContracts,
];
