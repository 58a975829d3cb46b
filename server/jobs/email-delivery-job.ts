import type { Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import type { JobsConfig } from "../config.ts";
import { findOutboxEmail, markOutboxEmailFailed, markOutboxEmailSent } from "../db/queries/email-outbox.ts";
import type { JobDefinition } from "./job-queue.ts";
import { loadNodemailer } from "../lib/nodemailer-module.ts";

export const EMAIL_DELIVERY_JOB = "email-deliver";
/** With a first delay of 30 s, doubling: the last attempt comes about 2 hours after the first. */
export const EMAIL_RETRY_LIMIT = 8;

export interface EmailDeliveryData {
  outboxId: string;
}

/**
 * Delivers one pending email_outbox row over SMTP. The job's id is the row's id, so a row has one job at a time;
 * a row no longer pending (sent, or given up) is left alone, which makes a retried or re-sent job harmless.
 */
export function emailDeliveryJob(
  db: Db,
  options: { smtpUrl: string; from: string; jobs: JobsConfig },
): JobDefinition<EmailDeliveryData> {
  const timeoutMs = options.jobs.smtpTimeoutSeconds * 1000;
  // Made with the first delivery (nodemailer is imported then, not at start); outside the SMTP try below, so a
  // failing import fails the job without recording an SMTP failure on the row.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      }),
    ));
  return {
    name: EMAIL_DELIVERY_JOB,
    retryLimit: EMAIL_RETRY_LIMIT,
    retryDelaySeconds: options.jobs.emailRetryDelaySeconds,
    retryBackoff: true,
    // A process killed mid-conversation: its job is retried once the conversation would surely have timed out.
    expireInSeconds: Math.ceil(options.jobs.smtpTimeoutSeconds * 2),
    async handle({ outboxId }, job) {
      const email = await findOutboxEmail(db, outboxId);
      if (email?.status !== "pending") return;
      const smtp = await transporter();
      try {
        await smtp.sendMail({
          from: options.from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? undefined,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markOutboxEmailFailed(db, outboxId, message, job.retryCount >= EMAIL_RETRY_LIMIT);
        throw error;
      }
      await markOutboxEmailSent(db, outboxId);
    },
  };
}
