import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { listSubmitters } from "../../db/queries/records.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentOverviewRecord } from "../../presenters/record-presenter.ts";
import { loadDashboard } from "../../services/records/dashboard.ts";
import { loadRecordFields } from "../../services/records/record-query.ts";
import { loadOverviewApplications, resolveOverviewQuery } from "../../services/records/overview-query.ts";
import type { DashboardSummary, OverviewRecordPage, OverviewView } from "../../../shared/records/overview.ts";
import * as contracts from "../../../shared/api/contracts/overview.ts";
import { readRecordPage } from "../data/record-page.ts";
import { loadOverviewMapView } from "../../services/records/overview-map-view.ts";

/**
 * The cross-application screens: /dashboard's summary, and /data's and /maps' records of every application the
 * user reads, under the per-application rules (collaborators see only their own records; a stranger's never appear).
 */
export function overviewRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getDashboard, async (c, { user, query }) => {
    const { tz } = query;
    const { applications, latest, owner } = await loadDashboard(db, user, tz);
    const { limits } = owner.plan;
    const body: DashboardSummary = {
      applications,
      latest: latest.map(presentOverviewRecord),
      usage: {
        limits: {
          submissions: limits.maxSubmissions,
          applications: limits.maxApplications,
          teamMembers: limits.maxTeamMembers,
          storageGb: limits.storageLimitGb,
        },
        usage: owner.usage,
      },
    };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.getOverview, async (c, { user }) => {
    const applications = await loadOverviewApplications(db, user);
    const seenWhole = applications
      .filter((application) => application.canViewAllSubmissions)
      .map((application) => application.id);
    const body: OverviewView = { applications, submitters: await listSubmitters(db, seenWhole), viewerId: user.id };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.listOverviewRecords, async (c, { user }) => {
    const params = new URL(c.req.url).searchParams;
    const page = await readRecordPage(db, await resolveOverviewQuery(db, user, params), params);
    const records = page.records.map(presentOverviewRecord);
    const applicationIds = [...new Set(records.map((record) => record.applicationId))];
    const fields: OverviewRecordPage["fields"] = {};
    for (const id of applicationIds) fields[id] = await loadRecordFields(db, id);
    const body: OverviewRecordPage = { ...page, records, fields };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.getOverviewMapView, async (c, { user, query: view }) => {
    const query = await resolveOverviewQuery(db, user, new URL(c.req.url).searchParams);
    return c.json(await loadOverviewMapView(db, query, view));
  });

  return routes;
}
