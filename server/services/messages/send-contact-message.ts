import type { AppContext } from "../../app.ts";
import { insertContactMessage } from "../../db/queries/contact-messages.ts";
import { logger } from "../../lib/logger.ts";
import type { ContactMessage } from "../../../shared/contact/contact-schema.ts";

/**
 * Stores the message (so nothing is lost), then tells the team: the super administrators' e-mails
 * (SUPER_ADMIN_EMAILS). A failed e-mail is logged, not reported to the visitor: the message is already kept.
 */
export async function sendContactMessage(context: AppContext, message: ContactMessage): Promise<{ id: string }> {
  const stored = await insertContactMessage(context.database.db, message);
  const recipients = context.config.superAdminEmails;
  if (recipients.length === 0) {
    logger.warn("contact message stored; no SUPER_ADMIN_EMAILS to notify", { id: stored.id });
    return stored;
  }
  const text = [
    `Nova mensagem pelo formulário de contato (${stored.id})`,
    "",
    `Nome: ${message.fullName}`,
    `E-mail: ${message.email}`,
    `Celular: ${message.celular}`,
    `Assunto: ${message.subject}`,
    "",
    message.message,
  ].join("\n");
  for (const to of recipients) {
    try {
      await context.mailer.send({ to, subject: `[Contato] ${message.subject}`, text, kind: "contact" });
    } catch (error) {
      logger.error("contact e-mail failed", { id: stored.id, to, error });
    }
  }
  return stored;
}
