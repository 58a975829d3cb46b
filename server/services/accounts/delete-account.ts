import type { AppContext } from "../../context.ts";
import { ApiError } from "../../lib/api-error.ts";
import { withWebhooks } from "../webhooks/webhook-emitter.ts";

/**
 * Deletes the login account after checking the password. The database does the rest through its foreign keys:
 * sessions, credentials, profile, owned applications (with their fields, records, attachments, members and
 * invites) and the user's own team rows go; records the user sent to other owners' applications stay, with
 * submitter_id set to null (anonymised), as do edits they made (edited_by null). Webhook endpoints the user created
 * in other owners' applications are disabled, and those owners told.
 */
export async function deleteAccount(context: AppContext, userId: string, password: string): Promise<void> {
  const authContext = await context.auth.$context;
  const accounts = await authContext.internalAdapter.findAccounts(userId);
  const hash = accounts.find((account) => account.providerId === "credential")?.password;
  if (!hash || !(await authContext.password.verify({ hash, password }))) {
    throw new ApiError("CURRENT_PASSWORD_INCORRECT", "Password incorrect");
  }
  // The endpoints the user acts for in other owners' applications are disabled first; deleting the user then clears
  // their created_by. If the deletion fails after, they stay disabled and the owner may enable them again.
  await withWebhooks(context, async (webhooks) => {
    await webhooks.adminRightsChanged(context.database.db, userId, true);
    await authContext.internalAdapter.deleteUser(userId);
  });
}
