import { odataApi } from "../routes/odata/odata.openapi.ts";
import { webhooksApi } from "../routes/webhooks/webhooks.openapi.ts";
import { publicLinksApi } from "../routes/public-links/public-links.openapi.ts";
import { analyticsApi } from "../routes/analytics/analytics.openapi.ts";
import { applicationsApi } from "../routes/applications/applications.openapi.ts";
import { attachmentsApi } from "../routes/attachments/attachments.openapi.ts";
import { billingApi } from "../routes/billing/billing.openapi.ts";
import { blogApi } from "../routes/blog/blog.openapi.ts";
import { dataApi } from "../routes/data/data.openapi.ts";
import { limitApi } from "../routes/limit/limit.openapi.ts";
import { overviewApi } from "../routes/overview/overview.openapi.ts";
import { submissionsApi } from "../routes/submissions/submissions.openapi.ts";
import { syncApi } from "../routes/sync/sync.openapi.ts";
import { usageApi } from "../routes/usage/usage.openapi.ts";
import { xlsformApi } from "../routes/xlsform/xlsform.openapi.ts";
import { formFilesApi } from "../routes/form-files/form-files.openapi.ts";
import { offlineAreasApi } from "../routes/offline-areas/offline-areas.openapi.ts";
import { teamLayersApi } from "../routes/team-layers/team-layers.openapi.ts";
import { collectMapApi } from "../routes/collect-map/collect-map.openapi.ts";
import { legacyContract, type RouteDeclaration } from "./route-declaration.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

/** Routes still declared apart from their handler, until each area moves to contracts. */
const LEGACY_ROUTES: RouteDeclaration[] = [
  ...applicationsApi,
  ...xlsformApi,
  ...usageApi,
  ...attachmentsApi,
  ...formFilesApi,
  ...offlineAreasApi,
  ...teamLayersApi,
  ...collectMapApi,
  ...syncApi,
  ...submissionsApi,
  ...limitApi,
  ...dataApi,
  ...odataApi,
  ...overviewApi,
  ...billingApi,
  ...analyticsApi,
  ...blogApi,
  ...webhooksApi,
  ...publicLinksApi,
];

/** Every `/api` route: the contracts, then the legacy declarations read as contracts. */
export const API_ROUTES: readonly RouteContract[] = [...API_CONTRACTS, ...LEGACY_ROUTES.map(legacyContract)];
