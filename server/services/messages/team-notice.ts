import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
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
 * Tells the team, the super administrators' e-mails (SUPER_ADMIN_EMAILS), about a message, in the transaction that
 * stores it: the e-mails exist if and only if the message does, and the job queue delivers them with retries.
 */
export async function notifyTeam(
  context: AppContext,
  tx: Db,
  notice: { id: string; subject: string; text: string; kind: string },
): Promise<void> {
  const recipients = context.config.superAdminEmails;
  if (recipients.length === 0) {
    logger.warn(`${notice.kind} message stored; no SUPER_ADMIN_EMAILS to notify`, { id: notice.id });
    return;
  }
  for (const to of recipients)
    await context.mailer.send({ to, subject: notice.subject, text: notice.text, kind: notice.kind }, { tx });
}
