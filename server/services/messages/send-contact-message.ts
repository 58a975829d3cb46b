import type { AppContext } from "../../context.ts";
import { insertContactMessage } from "../../db/queries/contact-messages.ts";
import type { ContactMessage } from "../../../shared/contact/contact-schema.ts";
import { messageLines, notifyTeam } from "./team-notice.ts";

/** Stores the message (so nothing is lost), then tells the team. */
export async function sendContactMessage(context: AppContext, message: ContactMessage): Promise<{ id: string }> {
  const stored = await insertContactMessage(context.database.db, message);
  const text = [
    `Nova mensagem pelo formulário de contato (${stored.id})`,
    "",
    ...messageLines(message),
    "",
    message.message,
  ].join("\n");
  await notifyTeam(context, { id: stored.id, subject: `[Contato] ${message.subject}`, text, kind: "contact" });
  return stored;
}
