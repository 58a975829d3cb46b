import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { loadOwnerUsage } from "../../services/applications/usage.ts";

/** GET /api/usage: the signed-in user's plan, its limits (null = unlimited) and what their own applications use. */
export function usageRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();
  app.get("/api/usage", async (c) => {
    const user = requireUser(c);
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
