import type { RouteContract } from "../route-contract.ts";
import { entityContracts } from "./entities.ts";
import { billingContracts } from "./billing.ts";
import { analyticsContracts } from "./analytics.ts";
import { blogContracts } from "./blog.ts";
import { webhookContracts } from "./webhooks.ts";
import { publicLinkContracts } from "./public-links.ts";

/**
 * Every contract the server mounts: the OpenAPI document, the body caps, the API-token check and the response check
 * read this list. The web imports a contract from its own module, never this index, so a page's bundle holds only the
 * schemas it calls.
 */
export const API_CONTRACTS: readonly RouteContract[] = [
  ...entityContracts,
  ...billingContracts,
  ...analyticsContracts,
  ...blogContracts,
  ...webhookContracts,
  ...publicLinkContracts,
];
