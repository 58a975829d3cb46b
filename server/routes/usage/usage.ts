import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { loadOwnerUsage } from "../../services/applications/usage.ts";
import { getUsage } from "../../../shared/api/contracts/limits.ts";

/** GET /api/usage: the signed-in user's plan, its limits (null = unlimited) and what their own applications use. */
export function usageRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();
  mountRoute(app, db, getUsage, async (c, { user }) => {
    const { plan, usage } = await loadOwnerUsage(db, user);
    return c.json({
      tier: plan.tier,
      limits: {
        applications: plan.limits.maxApplications,
        teamMembers: plan.limits.maxTeamMembers,
        submissions: plan.limits.maxSubmissions,
        storageGb: plan.limits.storageLimitGb,
      },
      usage,
      isSuperAdmin: user.isSuperAdmin,
    });
  });
  return app;
}
