import type { Db } from "../../db/client.ts";
import { isUserDisabled } from "../../db/queries/admin-users.ts";
import { disableEndpoint, enabledEndpointsCreatedBy, type WebhookEndpointRow } from "../../db/queries/webhooks.ts";
import { loadAccess, mayEdit } from "../../policies/application-access.ts";

/**
 * An endpoint belongs to its application but acts for the administrator who created it or enabled it last
 * (`created_by`): it sends the application's data where that person chose. It keeps sending only while they may
 * still manage the application's webhooks: an enabled account with the role the webhook routes require.
 */
export async function creatorAdministers(
  db: Db,
  endpoint: Pick<WebhookEndpointRow, "createdBy" | "applicationId">,
): Promise<boolean> {
  const userId = endpoint.createdBy;
  // No creator: their account was deleted.
  if (!userId || (await isUserDisabled(db, userId))) return false;
  return mayEdit(await loadAccess(db, { id: userId, isSuperAdmin: false, apiToken: null }, endpoint.applicationId));
}

/**
 * Disables the enabled endpoints `userId` acts for in applications they no longer administer (every one of them
 * when their account is being deleted), inside the change's transaction; answers those it disabled.
 */
export async function disableEndpointsOfFormerAdmin(
  tx: Db,
  userId: string,
  accountDeleted = false,
): Promise<WebhookEndpointRow[]> {
  const now = new Date();
  const disabled: WebhookEndpointRow[] = [];
  for (const endpoint of await enabledEndpointsCreatedBy(tx, userId)) {
    if (!accountDeleted && (await creatorAdministers(tx, endpoint))) continue;
    if (await disableEndpoint(tx, endpoint.id, now, "creatorLostAccess")) disabled.push(endpoint);
  }
  return disabled;
}
