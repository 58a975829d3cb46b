import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { subjectText } from "./subject-text.ts";

/** To the application's owner when one of its webhook endpoints failed for 24 h and was disabled. */
export function webhookDisabledEmail(input: {
  to: string;
  name: string;
  applicationName: string;
  url: string;
  link: string;
  locale?: string;
}): OutgoingEmail {
  const params = { name: input.name, application: input.applicationName, url: input.url, link: input.link };
  const t = (key: string) => translate(input.locale, `webhooks:emails.disabled.${key}`, params);
  return {
    to: input.to,
    kind: "webhook_disabled",
    subject: translate(input.locale, `webhooks:emails.disabled.subject`, {
      application: subjectText(input.applicationName),
    }),
    text: t("body"),
  };
}
