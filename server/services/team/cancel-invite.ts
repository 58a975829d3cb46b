import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import { deleteInvite } from "../../db/queries/invites.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { authorizeGrants, loadOpenInvite } from "./send-invite.ts";

/**
 * Withdraws an open invite (pending, or expired and so still resendable): the row goes, so its link answers as an
 * unknown token ('invalid') and the seat it held is free. Accepted invites are memberships now: those are removed
 * on the member, not here.
 */
export async function cancelInvite(context: AppContext, user: SessionUser, inviteId: string): Promise<void> {
  const db = context.database.db;
  const { invite, grants, names } = await loadOpenInvite(db, user, inviteId, "INVITE_NOT_CANCELLABLE");
  // An invite whose applications were all deleted grants nothing: its owner or sender may still clear it away.
  if (grants.length > 0) await authorizeGrants(db, user, grants);
  await db.transaction(async (tx) => {
    await deleteInvite(tx, invite.id);
    await recordAudit(
      tx,
      user,
      ...grants.map((grant) => ({
        kind: "invite.cancelled" as const,
        ownerId: invite.ownerId,
        application: { id: grant.applicationId, name: names.get(grant.applicationId)?.name ?? "" },
        target: invite.email,
        before: { role: grant.role },
      })),
    );
  });
}
