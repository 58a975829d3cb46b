import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { SessionUser } from "../auth/session.ts";
import { ApiError } from "../lib/api-error.ts";
import {
  assertCanComment,
  assertCanDelete,
  assertCanEdit,
  assertCanExport,
  assertCanManagePublicLinks,
  assertCanRead,
  assertCanReview,
  assertCanWriteEntities,
  loadAccess,
  type ApplicationAccess,
  type ReadableAccess,
} from "../policies/application-access.ts";
import type { RouteContract, RoutePolicy } from "../../shared/api/route-contract.ts";
import type { ErrorCode } from "../../shared/errors.ts";

type ApplicationPolicy = Extract<RoutePolicy, `application.${string}`>;

const APPLICATION_ASSERTS: Record<ApplicationPolicy, (access: ApplicationAccess) => asserts access is ReadableAccess> =
  {
    "application.read": assertCanRead,
    "application.edit": assertCanEdit,
    "application.export": assertCanExport,
    "application.review": assertCanReview,
    "application.comment": assertCanComment,
    "application.delete": assertCanDelete,
    "application.publicLinks": assertCanManagePublicLinks,
    "application.writeEntities": assertCanWriteEntities,
  };

/** Who is calling, as the contract's policy admits them: the handler's `user` and, for application routes, `access`. */
export type Authorized<P extends RoutePolicy> = P extends "public"
  ? { user: SessionUser | undefined; access: undefined }
  : P extends ApplicationPolicy
    ? { user: SessionUser; access: ReadableAccess }
    : { user: SessionUser; access: undefined };

function isApplicationPolicy(policy: RoutePolicy): policy is ApplicationPolicy {
  return policy.startsWith("application.");
}

/**
 * Authenticates and authorizes a request by its contract, before any body is read: an outsider learns nothing from
 * validation errors. A token on a route that does not admit tokens answers 403 API_TOKEN_NOT_ALLOWED.
 */
export async function authorize<C extends RouteContract>(
  db: Db,
  c: Context<AppEnv>,
  contract: C,
  applicationId: string | undefined,
): Promise<Authorized<C["policy"]>> {
  const user = c.get("user");
  if (contract.policy === "public") return { user, access: undefined } as Authorized<C["policy"]>;
  if (!user) throw new ApiError("UNAUTHENTICATED", "Sign in required");
  if (user.apiToken && !contract.token) {
    throw new ApiError("API_TOKEN_NOT_ALLOWED", "API tokens are not accepted on this route; sign in instead");
  }
  if (contract.policy === "superAdmin" && !user.isSuperAdmin) throw new ApiError("FORBIDDEN", "Super admins only");
  if (!isApplicationPolicy(contract.policy)) return { user, access: undefined } as Authorized<C["policy"]>;
  const access = await loadAccess(db, user, applicationId ?? "");
  const assertAllowed: (access: ApplicationAccess) => asserts access is ReadableAccess =
    APPLICATION_ASSERTS[contract.policy];
  assertAllowed(access);
  return { user, access } as Authorized<C["policy"]>;
}

/** The errors a policy itself answers, for the reference. */
export function policyErrors(contract: RouteContract): ErrorCode[] {
  if (contract.policy === "public") return [];
  const errors: ErrorCode[] = ["UNAUTHENTICATED"];
  if (!contract.token) errors.push("API_TOKEN_NOT_ALLOWED");
  if (contract.policy === "superAdmin") errors.push("FORBIDDEN");
  if (isApplicationPolicy(contract.policy)) {
    errors.push("APPLICATION_NOT_FOUND");
    if (contract.policy === "application.export") errors.push("EXPORT_FORBIDDEN");
    else if (contract.policy !== "application.read") errors.push("FORBIDDEN");
  }
  return errors;
}
