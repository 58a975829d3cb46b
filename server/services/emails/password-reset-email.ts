import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";

export function passwordResetEmail(input: { to: string; name: string; link: string; locale?: string }): OutgoingEmail {
  const t = (key: string) =>
    translate(input.locale, `emails:passwordReset.${key}`, { name: input.name, link: input.link });
  return { to: input.to, kind: "password_reset", subject: t("subject"), text: t("body") };
}
