import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { INVITE_TTL_DAYS } from "../../../shared/team/invite-status.ts";

export function inviteEmail(input: {
  to: string;
  name: string;
  inviterName: string;
  applications: string[];
  link: string;
  locale?: string;
}): OutgoingEmail {
  const params = {
    name: input.name,
    inviterName: input.inviterName,
    applications: input.applications.join(", "),
    link: input.link,
    days: INVITE_TTL_DAYS,
  };
  const t = (key: string) => translate(input.locale, `emails:invite.${key}`, params);
  return { to: input.to, kind: "invite", subject: t("subject"), text: t("body") };
}
