import type { RouteContract } from "../route-contract.ts";
import { entityContracts } from "./entities.ts";
import { limitContracts } from "./limits.ts";
import { collectMapContracts } from "./collect-map.ts";
import { offlineAreaContracts } from "./offline-areas.ts";
import { syncContracts } from "./sync.ts";
import { overviewContracts } from "./overview.ts";
import { teamLayerContracts } from "./team-layers.ts";
import { submissionContracts } from "./submissions.ts";
import { formFileContracts } from "./form-files.ts";
import { attachmentContracts } from "./attachments.ts";
import { xlsFormContracts } from "./xlsform.ts";
import { applicationContracts } from "./applications.ts";
import { dataContracts } from "./data.ts";
import { odataContracts } from "./odata.ts";
import { entityDataContracts } from "./entity-data.ts";
import { billingContracts } from "./billing.ts";
import { analyticsContracts } from "./analytics.ts";
import { blogContracts } from "./blog.ts";
import { webhookContracts } from "./webhooks.ts";
import { publicLinkContracts } from "./public-links.ts";
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
  ...limitContracts,
  ...collectMapContracts,
  ...offlineAreaContracts,
  ...syncContracts,
  ...overviewContracts,
  ...teamLayerContracts,
  ...submissionContracts,
  ...formFileContracts,
  ...attachmentContracts,
  ...xlsFormContracts,
  ...applicationContracts,
  ...dataContracts,
  ...odataContracts,
  ...entityDataContracts,
  ...billingContracts,
  ...analyticsContracts,
  ...blogContracts,
  ...webhookContracts,
  ...publicLinkContracts,
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
