import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { countOwnedApplications } from "../../db/queries/applications.ts";
import { countOwnerRecordsCreated, countTeamSeats, sumOwnerStorageBytes } from "../../db/queries/usage.ts";
import { loadOwnerPlan, type OwnerPlan } from "./owner-plan.ts";

export interface OwnerUsage {
  plan: OwnerPlan;
  usage: { applications: number; teamMembers: number; submissions: number; storageBytes: number };
}

/** What the user, as an owner, uses of their plan; teamMembers counts seats (countTeamSeats), as the team page does. */
export async function loadOwnerUsage(
  db: Db,
  user: Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken">,
): Promise<OwnerUsage> {
  const [plan, applications, teamMembers, submissions, storageBytes] = await Promise.all([
    loadOwnerPlan(db, user.id, { isSuperAdmin: user.isSuperAdmin }),
    countOwnedApplications(db, user.id),
    countTeamSeats(db, user.id),
    countOwnerRecordsCreated(db, user.id),
    sumOwnerStorageBytes(db, user.id),
  ]);
  return { plan, usage: { applications, teamMembers, submissions, storageBytes } };
}
