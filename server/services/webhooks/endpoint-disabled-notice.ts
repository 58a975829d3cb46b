import type { AppContext } from "../../context.ts";
import { findApplication } from "../../db/queries/applications.ts";
import { findLocale } from "../../db/queries/profiles.ts";
import { listPeople } from "../../db/queries/record-review.ts";
import type { WebhookEndpointRow } from "../../db/queries/webhooks.ts";
import { logger } from "../../lib/logger.ts";
import type { WebhookDisabledReason } from "../../../shared/integrations/webhook-dtos.ts";
import { webhookDisabledEmail } from "../emails/webhook-disabled-email.ts";

/**
 * E-mails the application's owner (in their language) that Campo disabled one of its endpoints, after the change
 * has committed. Nothing is sent when the application is gone (its owner deleted their account). A failed e-mail is
 * logged: the endpoint stays disabled and the webhooks page shows why.
 */
export async function tellOwnerEndpointDisabled(
  context: AppContext,
  endpoint: Pick<WebhookEndpointRow, "id" | "applicationId" | "url">,
  reason: Exclude<WebhookDisabledReason, "manual">,
): Promise<void> {
  const db = context.database.db;
  const application = await findApplication(db, endpoint.applicationId);
  const [owner] = application ? await listPeople(db, [application.ownerId]) : [];
  if (!application || !owner) return;
  try {
    await context.mailer.send(
      webhookDisabledEmail({
        to: owner.email,
        name: owner.name,
        applicationName: application.name,
        url: endpoint.url,
        link: `${context.config.publicUrl}/applications/${application.id}/settings#webhooks`,
        locale: await findLocale(db, owner.id),
        reason,
      }),
    );
  } catch (error) {
    logger.warn("webhook-disabled e-mail failed; the endpoint stays disabled", { endpointId: endpoint.id, error });
  }
}
