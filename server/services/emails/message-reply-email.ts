import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { subjectText } from "./subject-text.ts";

/** A super admin's answer to a contact or support message, quoting the subject the sender wrote. */
export function messageReplyEmail(input: {
  to: string;
  name: string;
  subject: string;
  body: string;
  locale?: string;
}): OutgoingEmail {
  const params = { name: input.name, subject: subjectText(input.subject), body: input.body };
  const t = (key: string) => translate(input.locale, `admin:emails.reply.${key}`, params);
  return { to: input.to, kind: "message_reply", subject: t("subject"), text: t("body") };
}
