import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { listAccessibleApplications, type ApplicationRow } from "../../db/queries/applications.ts";
import {
  accessFor,
  canRead,
  capabilitiesOf,
  type AccessCapabilities,
  type ApplicationAccess,
} from "../../policies/application-access.ts";
import { loadOwnerSubscription, type OwnerSubscription } from "./owner-plan.ts";

export interface ListedApplication {
  application: ApplicationRow;
  access: ApplicationAccess;
  capabilities: AccessCapabilities;
  fieldsCount: number;
  /** All records for those who see all; the user's own records for collaborators. */
  entriesCount: number;
}

/** The applications the user owns or is a member of (super admins included: the list is about their own work). */
export async function listApplications(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">,
): Promise<ListedApplication[]> {
  const rows = await listAccessibleApplications(db, user.id);
  const subscriptions = new Map<string, Promise<OwnerSubscription>>();
  const subscriptionOf = (ownerId: string) => {
    if (!subscriptions.has(ownerId)) subscriptions.set(ownerId, loadOwnerSubscription(db, ownerId));
    return subscriptions.get(ownerId) as Promise<OwnerSubscription>;
  };
  // A token lists only the applications in its scopes.
  const readable = rows
    .map((row) => ({ row, access: accessFor(user, row.application, row.memberRoles) }))
    .filter(({ access }) => canRead(access));
  return Promise.all(
    readable.map(async ({ row, access }) => {
      const capabilities = capabilitiesOf(access, await subscriptionOf(row.application.ownerId));
      const entriesCount = capabilities.canViewAllSubmissions ? row.entriesCount : row.ownEntriesCount;
      return { application: row.application, access, capabilities, fieldsCount: row.fieldsCount, entriesCount };
    }),
  );
}
