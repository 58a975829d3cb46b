import { accountApi } from "../routes/account/account.openapi.ts";
import { apiTokensApi } from "../routes/account/api-tokens.openapi.ts";
import { adminApi } from "../routes/admin/admin.openapi.ts";
import { changeLogApi } from "../routes/change-log/change-log.openapi.ts";
import { contactApi } from "../routes/contact/contact.openapi.ts";
import { healthApi } from "../routes/health/health.openapi.ts";
import { invitesApi } from "../routes/invites/invites.openapi.ts";
import { meApi } from "../routes/me/me.openapi.ts";
import { supportApi } from "../routes/support/support.openapi.ts";
import { teamApi } from "../routes/team/team.openapi.ts";
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
  ...contactApi,
  ...supportApi,
  ...teamApi,
  ...invitesApi,
  ...adminApi,
  ...openApiRoutesApi,
];

/** Every `/api` route: the contracts, then the legacy declarations read as contracts. */
export const API_ROUTES: readonly RouteContract[] = [...API_CONTRACTS, ...LEGACY_ROUTES.map(legacyContract)];
