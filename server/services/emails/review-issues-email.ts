import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { subjectText } from "./subject-text.ts";

/** To the collector of a record an admin marked 'has issues': the admin's comment and a link to the record. */
export function reviewIssuesEmail(input: {
  to: string;
  name: string;
  reviewerName: string;
  applicationName: string;
  comment: string;
  link: string;
  locale?: string;
}): OutgoingEmail {
  const params = {
    name: input.name,
    reviewer: input.reviewerName,
    application: input.applicationName,
    comment: input.comment,
    link: input.link,
  };
  const t = (key: string) => translate(input.locale, `review:emails.hasIssues.${key}`, params);
  return {
    to: input.to,
    kind: "review_has_issues",
    subject: translate(input.locale, `review:emails.hasIssues.subject`, {
      application: subjectText(input.applicationName),
    }),
    text: t("body"),
  };
}
