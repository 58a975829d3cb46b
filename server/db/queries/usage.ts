import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { preparedPerDb } from "../prepared-query.ts";
import { queryRows } from "../query-rows.ts";
import { requireRow } from "../require-row.ts";
import { ownerMedia, ownerUsage, subscriptions, teamMembers, userLimits, users } from "../schema/index.ts";

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

export async function findOwnerPlanRows(
  db: Db,
  ownerId: string,
): Promise<{
  email: string | undefined;
  subscription: SubscriptionRow | undefined;
  limits: UserLimitsRow | undefined;
}> {
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

export async function countActiveTeamMembers(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.status, "active")));
  return requireRow(row, "count active team members").count;
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

/**
 * What an upload of `sha256` would add to the owner's storage, in one round trip: the bytes stored now, and whether
 * the owner already stores these (attached to one of their records), which then cost nothing more.
 */
export async function ownerStorageFor(
  db: Db,
  ownerId: string,
  sha256: string,
): Promise<{ bytes: number; storesHash: boolean }> {
  const [row] = await queryRows<{ bytes: string; stores_hash: boolean }>(
    db,
    sql`select
          coalesce((select ${ownerUsage.storageBytes} from ${ownerUsage} where ${ownerUsage.ownerId} = ${ownerId}), 0)::text as bytes,
          exists (select 1 from ${ownerMedia} where ${ownerMedia.ownerId} = ${ownerId} and ${ownerMedia.sha256} = ${sha256}) as stores_hash`,
  );
  return { bytes: Number(row?.bytes ?? 0), storesHash: row?.stores_hash === true };
}
