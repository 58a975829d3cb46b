import type { Db } from "../db/client.ts";
import { insertOutboxEmail } from "../db/queries/email-outbox.ts";
import { EMAIL_DELIVERY_JOB, type EmailDeliveryData } from "../jobs/email-delivery-job.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { logger } from "../lib/logger.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for (welcome, password_reset, invite, …): lets operators and tests find it. */
  kind: string;
}

export interface Mailer {
  /**
   * Records the message in email_outbox and, when SMTP is configured, queues its delivery (retried with backoff by
   * the job queue). With `tx` both happen in the caller's transaction: the e-mail exists if and only if the change
   * that causes it commits. Answers the outbox row's id (null from a mailer that keeps no outbox, as test doubles may).
   */
  send(message: OutgoingEmail, options?: { tx?: Db }): Promise<{ outboxId: string | null }>;
}

/**
 * Every message lands in email_outbox first; with SMTP_URL the delivery job then sends it and marks it sent (or
 * failed after its last retry), without it the outbox row plus a log line (holding the message's links, whole) is the
 * delivery.
 */
export function createMailer(db: Db, jobs: JobQueue, options: { smtpUrl?: string }): Mailer {
  return {
    async send(message, { tx } = {}) {
      const outboxId = await insertOutboxEmail(tx ?? db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        kind: message.kind,
        status: options.smtpUrl ? "pending" : "logged",
      });
      if (options.smtpUrl) {
        await jobs.send<EmailDeliveryData>({ name: EMAIL_DELIVERY_JOB }, { outboxId }, { id: outboxId, tx });
        return { outboxId };
      }
      // Without SMTP this line is the delivery: a self-hosted Campo's operator passes the reset or invite link on from
      // here, so links are logged whole (issue 29). They are single-use and short-lived; the rest of the text is not
      // logged, and super admins also read the message under Admin → E-mails enviados.
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info("email written to outbox (no SMTP_URL); full text in email_outbox", {
        outboxId,
        to: message.to,
        kind: message.kind,
        links,
      });
      return { outboxId };
    },
  };
}
