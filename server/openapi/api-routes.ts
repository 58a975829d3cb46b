import { accountApi } from "../routes/account/account.openapi.ts";
import { apiTokensApi } from "../routes/account/api-tokens.openapi.ts";
import { odataApi } from "../routes/odata/odata.openapi.ts";
import { adminApi } from "../routes/admin/admin.openapi.ts";
import { applicationsApi } from "../routes/applications/applications.openapi.ts";
import { attachmentsApi } from "../routes/attachments/attachments.openapi.ts";
import { changeLogApi } from "../routes/change-log/change-log.openapi.ts";
import { contactApi } from "../routes/contact/contact.openapi.ts";
import { dataApi } from "../routes/data/data.openapi.ts";
import { healthApi } from "../routes/health/health.openapi.ts";
import { invitesApi } from "../routes/invites/invites.openapi.ts";
import { limitApi } from "../routes/limit/limit.openapi.ts";
import { meApi } from "../routes/me/me.openapi.ts";
import { overviewApi } from "../routes/overview/overview.openapi.ts";
import { submissionsApi } from "../routes/submissions/submissions.openapi.ts";
import { supportApi } from "../routes/support/support.openapi.ts";
import { syncApi } from "../routes/sync/sync.openapi.ts";
import { teamApi } from "../routes/team/team.openapi.ts";
import { usageApi } from "../routes/usage/usage.openapi.ts";
import { xlsformApi } from "../routes/xlsform/xlsform.openapi.ts";
import { formFilesApi } from "../routes/form-files/form-files.openapi.ts";
import { offlineAreasApi } from "../routes/offline-areas/offline-areas.openapi.ts";
import { teamLayersApi } from "../routes/team-layers/team-layers.openapi.ts";
import { collectMapApi } from "../routes/collect-map/collect-map.openapi.ts";
import { openApiRoutesApi } from "./openapi-routes.openapi.ts";
import { legacyContract, type RouteDeclaration } from "./route-declaration.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import type { RouteContract } from "../../shared/api/route-contract.ts";

/** Routes still declared apart from their handler, until each area moves to contracts. */
const LEGACY_ROUTES: RouteDeclaration[] = [
  ...healthApi,
  ...meApi,
  ...changeLogApi,
  ...accountApi,
  ...apiTokensApi,
  ...applicationsApi,
  ...xlsformApi,
  ...usageApi,
  ...contactApi,
  ...supportApi,
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
  ...teamApi,
  ...invitesApi,
  ...adminApi,
  ...openApiRoutesApi,
];

/** Every `/api` route: the contracts, then the legacy declarations read as contracts. */
export const API_ROUTES: readonly RouteContract[] = [...API_CONTRACTS, ...LEGACY_ROUTES.map(legacyContract)];
