import { and, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { invites } from "../schema/index.ts";
import { requireRow } from "../require-row.ts";

export type InviteRow = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;

export async function insertInvite(db: Db, invite: NewInvite): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(invite).returning();
  return requireRow(row, "insert invite");
}

export async function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
  return row;
}

/** Reads the invite and locks it for the transaction: two accepts of one token run one after the other. */
export async function lockInvite(db: Db, id: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id)).for("update");
  return row;
}

export async function findInvite(db: Db, id: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row;
}

/** Invites the user sent, or that fill the user's own team, newest first. */
export async function listInvitesFor(db: Db, userId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(invites)
    .where(or(eq(invites.ownerId, userId), eq(invites.invitedBy, userId)))
    .orderBy(desc(invites.sentAt));
}

/** A pending invite of the owner to this e-mail that has not expired yet. */
export async function findLivePendingInvite(db: Db, ownerId: string, email: string): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(invites)
    .where(
      and(
        eq(invites.ownerId, ownerId),
        sql`lower(${invites.email}) = lower(${email})`,
        eq(invites.status, "pending"),
        gt(invites.expiresAt, new Date()),
      ),
    );
  return row;
}

/** A newer invite replaces every older pending (or lapsed) one to the same e-mail from the same owner. */
export async function replaceOpenInvites(db: Db, ownerId: string, email: string): Promise<void> {
  await db
    .update(invites)
    .set({ status: "replaced" })
    .where(
      and(
        eq(invites.ownerId, ownerId),
        sql`lower(${invites.email}) = lower(${email})`,
        inArray(invites.status, ["pending", "expired"]),
      ),
    );
}

/** A cancelled invite is gone: its link then reads as any unknown token, and its seat is free. */
export async function deleteInvite(db: Db, id: string): Promise<void> {
  await db.delete(invites).where(eq(invites.id, id));
}

export async function markInviteAccepted(db: Db, id: string, userId: string): Promise<void> {
  await db
    .update(invites)
    .set({ status: "accepted", acceptedAt: new Date(), acceptedBy: userId })
    .where(eq(invites.id, id));
}

/** Pending invites past their expiry become `expired` (they stay listed and can be resent); answers how many. */
export async function markLapsedInvitesExpired(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(invites)
    .set({ status: "expired" })
    .where(and(eq(invites.status, "pending"), lt(invites.expiresAt, now)))
    .returning({ id: invites.id });
  return rows.length;
}
