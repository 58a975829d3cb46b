import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";

export function welcomeEmail(input: {
  to: string;
  name: string;
  company?: string;
  link: string;
  locale?: string;
}): OutgoingEmail {
  const params = {
    name: input.name,
    company: input.company || translate(input.locale, "emails:welcome.defaultCompany"),
    link: input.link,
  };
  const t = (key: string) => translate(input.locale, `emails:welcome.${key}`, params);
  return { to: input.to, kind: "welcome", subject: t("subject"), text: t("body") };
}
