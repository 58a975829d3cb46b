import { translate } from "../../lib/translate.ts";
import type { WebhookDisabledReason } from "../../../shared/integrations/webhook-dtos.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { subjectText } from "./subject-text.ts";

/**
 * To the application's owner when Campo disabled one of its webhook endpoints: it failed for 24 h, or the
 * administrator it acted for lost their admin rights on the application.
 */
export function webhookDisabledEmail(input: {
  to: string;
  name: string;
  applicationName: string;
  url: string;
  link: string;
  locale?: string;
  reason: Exclude<WebhookDisabledReason, "manual">;
}): OutgoingEmail {
  const params = { name: input.name, application: input.applicationName, url: input.url, link: input.link };
  const template = input.reason === "failing" ? "disabled" : "creatorLostAccess";
  const t = (key: string) => translate(input.locale, `webhooks:emails.${template}.${key}`, params);
  return {
    to: input.to,
    kind: "webhook_disabled",
    subject: translate(input.locale, `webhooks:emails.${template}.subject`, {
      application: subjectText(input.applicationName),
    }),
    text: t("body"),
  };
}
