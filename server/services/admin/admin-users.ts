import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import { listOwnerApplicationsForAdmin } from "../../db/queries/admin-applications.ts";
import {
  deleteUserSessions,
  findAdminUser,
  findUserForEmail,
  listAdminUsers,
  setProfileDisabled,
  upsertUserLimits,
} from "../../db/queries/admin-users.ts";
import { findUserLimits } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import {
  presentAdminApplication,
  presentAdminLimits,
  presentAdminSubscription,
  presentAdminUser,
} from "../../presenters/admin-presenter.ts";
import { loadOwnerPlan } from "../applications/owner-plan.ts";
import { withWebhooks } from "../webhooks/webhook-emitter.ts";
import type { AdminUserDetail, AdminUserSummary, Page } from "../../../shared/admin/admin-dtos.ts";
import type { AdminListQuery, UserLimitsInput } from "../../../shared/admin/admin-schemas.ts";

export async function listUsers(context: AppContext, query: AdminListQuery): Promise<Page<AdminUserSummary>> {
  const { rows, total } = await listAdminUsers(context.database.db, {
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const superAdmins = context.config.superAdminEmails;
  return {
    items: rows.map((row) => presentAdminUser(row, superAdmins)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function userDetail(context: AppContext, userId: string): Promise<AdminUserDetail> {
  const db = context.database.db;
  const row = await findAdminUser(db, userId);
  if (!row) throw new ApiError("NOT_FOUND", "No such user");
  const user = presentAdminUser(row, context.config.superAdminEmails);
  const [limitsRow, plan, applications] = await Promise.all([
    findUserLimits(db, userId),
    loadOwnerPlan(db, userId, { isSuperAdmin: user.isSuperAdmin }),
    listOwnerApplicationsForAdmin(db, userId),
  ]);
  return {
    user,
    subscription: presentAdminSubscription(row),
    limits: presentAdminLimits(limitsRow),
    effectiveLimits: {
      submissions: plan.limits.maxSubmissions,
      applications: plan.limits.maxApplications,
      teamMembers: plan.limits.maxTeamMembers,
      storageGb: plan.limits.storageLimitGb,
    },
    applications: applications.map(presentAdminApplication),
  };
}

async function requireUserRow(context: AppContext, userId: string) {
  const user = await findUserForEmail(context.database.db, userId);
  if (!user) throw new ApiError("NOT_FOUND", "No such user");
  return user;
}

/** Replaces the user's custom limits; every limit check reads them through loadOwnerPlan. */
export async function saveUserLimits(context: AppContext, userId: string, limits: UserLimitsInput): Promise<void> {
  await requireUserRow(context, userId);
  await upsertUserLimits(context.database.db, userId, limits);
}

/**
 * Disabling ends every session at once; the sign-in hook and the session middleware refuse the account after, and
 * the webhook endpoints it acts for are disabled. Enabling the account again does not enable them.
 */
export async function setAccountDisabled(
  context: AppContext,
  admin: SessionUser,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (disabled && userId === admin.id) throw new ApiError("SELF_DISABLE_FORBIDDEN", "You cannot disable yourself");
  await withWebhooks(context, (webhooks) =>
    context.database.db.transaction(async (tx) => {
      if (!(await setProfileDisabled(tx, userId, disabled))) throw new ApiError("NOT_FOUND", "No such user");
      if (!disabled) return;
      await deleteUserSessions(tx, userId);
      await webhooks.adminRightsChanged(tx, userId);
    }),
  );
}

export async function resendVerificationEmail(context: AppContext, userId: string): Promise<void> {
  const user = await requireUserRow(context, userId);
  if (user.emailVerified) throw new ApiError("EMAIL_ALREADY_VERIFIED", "The e-mail is already verified");
  try {
    await context.auth.api.sendVerificationEmail({
      body: { email: user.email, callbackURL: "/" },
      headers: new Headers(),
    });
  } catch (error) {
    logger.error("verification e-mail failed", { error });
    throw new ApiError("EMAIL_NOT_SENT", "The verification e-mail could not be sent");
  }
}

/** The same path as 'Esqueci minha senha': better-auth makes the token and our mailer sends the link. */
export async function sendPasswordResetEmail(context: AppContext, userId: string): Promise<void> {
  const user = await requireUserRow(context, userId);
  await context.auth.api.requestPasswordReset({
    body: { email: user.email, redirectTo: "/reset-password" },
    headers: new Headers(),
  });
}
