import type { AppContext } from "../../context.ts";
import { insertContactMessage } from "../../db/queries/contact-messages.ts";
import type { ContactMessage } from "../../../shared/contact/contact-schema.ts";
import { subjectText } from "../emails/subject-text.ts";
import { messageLines, notifyTeam } from "./team-notice.ts";

/** Stores the message (so nothing is lost) and the team's e-mails about it, together. */
export async function sendContactMessage(context: AppContext, message: ContactMessage): Promise<{ id: string }> {
  return context.database.db.transaction(async (tx) => {
    const stored = await insertContactMessage(tx, message);
    const text = [
      `Nova mensagem pelo formulário de contato (${stored.id})`,
      "",
      ...messageLines(message),
      "",
      message.message,
    ].join("\n");
    await notifyTeam(context, tx, {
      id: stored.id,
      subject: `[Contato] ${subjectText(message.subject)}`,
      text,
      kind: "contact",
    });
    return stored;
  });
}
