import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { listAccessibleApplicationRoles } from "../../db/queries/applications.ts";
import type { ApplicationsScope, RecordQuery } from "../../db/queries/records.ts";
import { accessFor, assertCanRead, loadAccess, seesAllSubmissions } from "../../policies/application-access.ts";
import type { OverviewApplication } from "../../../shared/records/overview.ts";
import { parseFilterFor, resolveRecordQuery } from "./record-query.ts";

type OverviewUser = Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">;

/**
 * The applications the overviews (/dashboard, /data, /maps) cover: those the user owns or is a member of, each with
 * whether the user reads all its records (owner, administrators) or only their own (collaborators). Super admins get
 * the same list: their own workspace, not every tenant's (docs/decisions.md); they open any other application's data
 * page from /admin, and `application=<id>` reaches it here too.
 */
export async function loadOverviewApplications(db: Db, user: OverviewUser): Promise<OverviewApplication[]> {
  const rows = await listAccessibleApplicationRoles(db, user.id);
  return rows.map(({ application, memberRoles }) => ({
    id: application.id,
    name: application.name,
    canViewAllSubmissions: seesAllSubmissions(accessFor(user, application, memberRoles)),
  }));
}

export function overviewScope(userId: string, applications: readonly OverviewApplication[]): ApplicationsScope {
  return {
    allOf: applications.filter((application) => application.canViewAllSubmissions).map((application) => application.id),
    ownOf: applications
      .filter((application) => !application.canViewAllSubmissions)
      .map((application) => application.id),
    submitterId: userId,
  };
}

/**
 * The records query of an overview request: with `application=<id>`, exactly the per-application data page's query
 * (its field filters included, 404 when the user may not read it); without, every overview application in the
 * user's scope, filtered by the conditions that make sense across forms (dates, text, submitter).
 */
export async function resolveOverviewQuery(db: Db, user: OverviewUser, params: URLSearchParams): Promise<RecordQuery> {
  const applicationId = params.get("application");
  if (applicationId) {
    const access = await loadAccess(db, user, applicationId);
    assertCanRead(access);
    return (await resolveRecordQuery(db, access, params)).query;
  }
  const { filter, fieldTypes } = parseFilterFor(params, []);
  return { scope: overviewScope(user.id, await loadOverviewApplications(db, user)), filter, fieldTypes };
}
