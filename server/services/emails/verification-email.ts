import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";

export function verificationEmail(input: { to: string; name: string; link: string; locale?: string }): OutgoingEmail {
  const t = (key: string) =>
    translate(input.locale, `admin:emails.verify.${key}`, { name: input.name, link: input.link });
  return { to: input.to, kind: "email_verification", subject: t("subject"), text: t("body") };
}
