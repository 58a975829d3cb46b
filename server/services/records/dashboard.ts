import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { recentRecordsPerApplicationDay } from "../../db/queries/charts.ts";
import { listRecordPage, type RecordQuery, type RecordRow } from "../../db/queries/records.ts";
import { loadOwnerUsage, type OwnerUsage } from "../applications/usage.ts";
import { DASHBOARD_DAYS, DASHBOARD_LATEST, type OverviewApplication } from "../../../shared/records/overview.ts";
import { loadOverviewApplications, overviewScope } from "./overview-query.ts";

export interface Dashboard {
  applications: (OverviewApplication & { week: number[] })[];
  latest: RecordRow[];
  owner: OwnerUsage;
}

/**
 * The dashboard's figures, aggregated in SQL: records per application and day over the last week (in the reader's
 * scope: a collaborator counts their own), the latest records across the applications, and the plan usage.
 */
export async function loadDashboard(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">,
  timeZone: string,
): Promise<Dashboard> {
  const applications = await loadOverviewApplications(db, user);
  const query: RecordQuery = {
    scope: overviewScope(user.id, applications),
    filter: { fields: {} },
    fieldTypes: new Map(),
  };
  const [counts, latest, owner] = await Promise.all([
    recentRecordsPerApplicationDay(db, query, DASHBOARD_DAYS, timeZone),
    listRecordPage(db, query, { sort: "createdAt", order: "desc", limit: DASHBOARD_LATEST }),
    loadOwnerUsage(db, user),
  ]);
  const weeks = new Map(
    applications.map((application) => [application.id, Array.from({ length: DASHBOARD_DAYS }, () => 0)]),
  );
  for (const { applicationId, daysAgo, count } of counts) {
    const week = weeks.get(applicationId);
    // A record stamped in the future (a clock ahead) counts as today.
    const day = DASHBOARD_DAYS - 1 - Math.max(0, daysAgo);
    if (week && day >= 0) week[day] = (week[day] ?? 0) + count;
  }
  return {
    applications: applications.map((application) => ({ ...application, week: weeks.get(application.id) ?? [] })),
    latest,
    owner,
  };
}
