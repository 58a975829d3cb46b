import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { insertOutboxEmail, markOutboxEmailFailed, markOutboxEmailSent } from "../db/queries/email-outbox.ts";
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
   * Records the message in email_outbox and delivers it when SMTP is configured. Throws when delivery fails. Answers
   * the outbox row's id (null from a mailer that keeps no outbox, as test doubles may).
   */
  send(message: OutgoingEmail): Promise<{ outboxId: string | null }>;
}

/**
 * Every message lands in email_outbox first; with SMTP_URL it is then delivered and marked sent (or failed),
 * without it the outbox row plus a log line (holding the message's links) is the delivery.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const outboxId = await insertOutboxEmail(db, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        kind: message.kind,
        status: transport ? "failed" : "logged",
      });
      if (!transport) {
        // Tokens in links (invites, password reset) are credentials: the log keeps 6 characters (spec 000 §7).
        const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map((link) =>
          link.replace(/([?&]token=)([^&\s]{0,6})[^&\s]*/g, "$1$2…"),
        );
        logger.info("email written to outbox (no SMTP_URL); full text in email_outbox", {
          outboxId,
          to: message.to,
          kind: message.kind,
          links,
        });
        return { outboxId };
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await markOutboxEmailSent(db, outboxId);
        return { outboxId };
      } catch (error) {
        await markOutboxEmailFailed(db, outboxId, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
