import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { queryRows } from "../query-rows.ts";
import { requireRow } from "../require-row.ts";
import { invites, ownerMedia, ownerUsage, subscriptions, teamMembers, userLimits, users } from "../schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type UserLimitsRow = typeof userLimits.$inferSelect;

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function findUserLimits(db: Db, userId: string): Promise<UserLimitsRow | undefined> {
  const [row] = await db.select().from(userLimits).where(eq(userLimits.userId, userId));
  return row;
}

/** What an owner's plan is made of, in one round trip: the e-mail (super admins), the subscription and custom limits. */
const ownerPlanRows = preparedPerDb((db) =>
  db
    .select({ email: users.email, subscription: subscriptions, limits: userLimits })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userLimits, eq(userLimits.userId, users.id))
    .where(eq(users.id, sql.placeholder("ownerId")))
    .prepare("campo_owner_plan_rows"),
);

/** What an owner's plan is made of (owner-plan.ts reads it). */
export interface OwnerPlanRows {
  email: string | undefined;
  subscription: SubscriptionRow | undefined;
  limits: UserLimitsRow | undefined;
}

export async function findOwnerPlanRows(db: Db, ownerId: string): Promise<OwnerPlanRows> {
  const [row] = await ownerPlanRows(db).execute({ ownerId });
  return { email: row?.email, subscription: row?.subscription ?? undefined, limits: row?.limits ?? undefined };
}

/**
 * Locks the owner's user row for the rest of the transaction: checks of the owner's plan limits followed by an
 * insert then run one at a time per owner, so two concurrent requests cannot both take the last slot.
 */
export async function lockOwner(db: Db, ownerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
}

/**
 * The seats of the owner's team, the one count the team page, the usage and subscription pages, the dashboard and
 * the plan's limit checks all read: active members plus pending, unexpired invites to e-mails that are not active
 * members yet (an invite reserves the seat its acceptance will take; an active member re-invited holds one seat, not
 * two). Inactive members and expired, replaced or accepted invites hold none. `exceptEmail` leaves out the invite
 * about to be replaced.
 */
export async function countTeamSeats(db: Db, ownerId: string, exceptEmail?: string): Promise<number> {
  const now = new Date().toISOString();
  const except = exceptEmail === undefined ? sql`` : sql`and lower(i.email) <> ${exceptEmail.toLowerCase()}`;
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select
      (select count(*) from ${teamMembers} m where m.owner_id = ${ownerId} and m.status = 'active')
      + (select count(distinct lower(i.email)) from ${invites} i
          where i.owner_id = ${ownerId} and i.status = 'pending' and i.expires_at > ${now}::timestamptz ${except}
            and not exists (select 1 from ${teamMembers} m
              where m.owner_id = i.owner_id and lower(m.email) = lower(i.email) and m.status = 'active')
        ) as count`,
  );
  return Number(requireRow(row, "count team seats").count);
}

/**
 * Records the owner's applications have ever received (owner_usage): the free plan's cap, the usage page and the
 * collect banner all count these. Deleting records or applications never lowers it.
 */
export async function countOwnerRecordsCreated(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: ownerUsage.recordsCreated })
    .from(ownerUsage)
    .where(eq(ownerUsage.ownerId, ownerId));
  return row?.count ?? 0;
}

/** Adds newly stored records to the owner's counter; call it in the transaction that inserted them. */
export async function addOwnerRecordsCreated(db: Db, ownerId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await db
    .insert(ownerUsage)
    .values({ ownerId, recordsCreated: count })
    .onConflictDoUpdate({
      target: ownerUsage.ownerId,
      set: { recordsCreated: sql`${ownerUsage.recordsCreated} + ${count}`, updatedAt: sql`now()` },
    });
}

/**
 * Bytes of the media attached to the owner's records. The same bytes count once, however many records, fields or
 * uploaders (each collector uploads their own copy) use them: owner_media's triggers keep the sum.
 */
export async function sumOwnerStorageBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: ownerUsage.storageBytes })
    .from(ownerUsage)
    .where(eq(ownerUsage.ownerId, ownerId));
  return row?.bytes ?? 0;
}

/** An owner's plan rows and what an upload would add to their storage: see findOwnerPlanAndStorage. */
const ownerPlanAndStorage = preparedPerDb((db) =>
  db
    .select({
      email: users.email,
      subscription: subscriptions,
      limits: userLimits,
      bytes: sql<string>`coalesce((select ${ownerUsage.storageBytes} from ${ownerUsage}
        where ${ownerUsage.ownerId} = ${users.id}), 0)::text`,
      storesHash: sql<boolean>`exists (select 1 from ${ownerMedia}
        where ${ownerMedia.ownerId} = ${users.id} and ${ownerMedia.sha256} = ${sql.placeholder("sha256")})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(userLimits, eq(userLimits.userId, users.id))
    .where(eq(users.id, sql.placeholder("ownerId")))
    .prepare("campo_owner_plan_and_storage"),
);

/**
 * What an upload of `sha256` is checked against, in one round trip (every upload asks it): the owner's plan rows, the
 * bytes the owner stores now, and whether the owner already stores these (attached to one of their records), which
 * then cost nothing more.
 */
export async function findOwnerPlanAndStorage(
  db: Db,
  ownerId: string,
  sha256: string,
): Promise<{ plan: OwnerPlanRows; storage: { bytes: number; storesHash: boolean } }> {
  const [row] = await ownerPlanAndStorage(db).execute({ ownerId, sha256 });
  return {
    plan: { email: row?.email, subscription: row?.subscription ?? undefined, limits: row?.limits ?? undefined },
    storage: { bytes: Number(row?.bytes ?? 0), storesHash: row?.storesHash === true },
  };
}
