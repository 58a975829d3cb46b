import type { AppContext } from "../../context.ts";
import { logger } from "../../lib/logger.ts";
import type { ContactMessage } from "../../../shared/contact/contact-schema.ts";

/** The sender's fields as the team reads them in the e-mail (the team works in Portuguese). */
export function messageLines(message: ContactMessage): string[] {
  return [
    `Nome: ${message.fullName}`,
    `E-mail: ${message.email}`,
    `Celular: ${message.celular}`,
    `Assunto: ${message.subject}`,
  ];
}

/**
 * Tells the team, the super administrators' e-mails (SUPER_ADMIN_EMAILS), about a stored message. A failed e-mail
 * is logged, not reported to the sender: the message is already kept.
 */
export async function notifyTeam(
  context: AppContext,
  notice: { id: string; subject: string; text: string; kind: string },
): Promise<void> {
  const recipients = context.config.superAdminEmails;
  if (recipients.length === 0) {
    logger.warn(`${notice.kind} message stored; no SUPER_ADMIN_EMAILS to notify`, { id: notice.id });
    return;
  }
  for (const to of recipients) {
    try {
      await context.mailer.send({ to, subject: notice.subject, text: notice.text, kind: notice.kind });
    } catch (error) {
      logger.error(`${notice.kind} e-mail failed`, { id: notice.id, to, error });
    }
  }
}
