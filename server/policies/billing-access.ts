import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { requireUser, type SessionUser } from "../auth/session.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../lib/api-error.ts";
import { permissionsFor } from "../services/accounts/global-permissions.ts";

/**
 * Billing and plans belong to whoever may own applications (spec 000 §6): everyone but a user who only belongs to
 * other owners' applications (collaborators and invited admins who own nothing). Super admins may.
 */
export async function requireBillingManager(c: Context<AppEnv>, db: Db): Promise<SessionUser> {
  const user = requireUser(c);
  if (!(await permissionsFor(db, user)).canManageBilling)
    throw new ApiError("BILLING_FORBIDDEN", "Only account owners manage billing");
  return user;
}
