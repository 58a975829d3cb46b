import nodemailer, { type Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { requireRow } from "../db/require-row.ts";
import { emailOutbox } from "../db/schema/index.ts";
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
  /** Records the message in email_outbox and delivers it when SMTP is configured. Throws when delivery fails. */
  send(message: OutgoingEmail): Promise<void>;
}

/**
 * Every message lands in email_outbox first; with SMTP_URL it is then delivered and marked sent (or failed),
 * without it the outbox row plus a log line (holding the message's links) is the delivery.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const [inserted] = await db
        .insert(emailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          kind: message.kind,
          status: transport ? "failed" : "logged",
        })
        .returning({ id: emailOutbox.id });
      const row = requireRow(inserted, "insert outbox e-mail");
      if (!transport) {
        // Tokens in links (invites, password reset) are credentials: the log keeps 6 characters (spec 000 §7).
        const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map((link) =>
          link.replace(/([?&]token=)([^&\s]{0,6})[^&\s]*/g, "$1$2…"),
        );
        logger.info("email written to outbox (no SMTP_URL); full text in email_outbox", {
          outboxId: row.id,
          to: message.to,
          kind: message.kind,
          links,
        });
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db
          .update(emailOutbox)
          .set({ status: "sent", attempts: 1, sentAt: new Date() })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ attempts: 1, lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(emailOutbox.id, row.id));
        throw error;
      }
    },
  };
}
