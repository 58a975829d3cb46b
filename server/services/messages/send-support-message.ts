import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { insertSupportMessage } from "../../db/queries/support-messages.ts";
import { IMAGE_EXTENSIONS, imageTypeOfKey, type ImageContentType } from "../storage/image-type.ts";
import type { Storage } from "../storage/storage.ts";
import type { ContactMessage } from "../../../shared/contact/contact-schema.ts";
import { subjectText } from "../emails/subject-text.ts";
import { messageLines, notifyTeam } from "./team-notice.ts";

/** The table keeps only the key, so the key's extension carries the type the bytes were detected as. */
export const supportImageContentType = imageTypeOfKey;

export interface SupportRequest {
  message: ContactMessage;
  /** The signed-in sender, or null for a visitor. */
  userId: string | null;
  /** Already checked: at most 5 MB and an image by its magic bytes. */
  image: { bytes: Uint8Array; contentType: ImageContentType } | null;
}

/**
 * Stores the image (first, so a row never points at nothing), then the message and the team's e-mails with a link
 * to the image that only super administrators can open.
 */
export async function sendSupportMessage(
  context: AppContext,
  storage: Storage,
  request: SupportRequest,
): Promise<{ id: string }> {
  const id = randomUUID();
  let imageKey: string | null = null;
  if (request.image) {
    imageKey = `support/${id}.${IMAGE_EXTENSIONS[request.image.contentType]}`;
    await storage.put(imageKey, request.image.bytes, request.image.contentType);
  }
  const { message } = request;
  const text = [
    `Nova mensagem de suporte (${id})`,
    "",
    ...messageLines(message),
    `Usuário: ${request.userId ?? "não conectado"}`,
    ...(imageKey
      ? [`Imagem (somente super administradores): ${context.config.publicUrl}/api/support/${id}/image`]
      : []),
    "",
    message.message,
  ].join("\n");
  try {
    // The message and the team's e-mails about it are stored together.
    await context.database.db.transaction(async (tx) => {
      await insertSupportMessage(tx, { id, userId: request.userId, imageKey, ...message });
      await notifyTeam(context, tx, {
        id,
        subject: `[Suporte] ${subjectText(message.subject)}`,
        text,
        kind: "support",
      });
    });
  } catch (error) {
    if (imageKey) await storage.delete(imageKey);
    throw error;
  }
  return { id };
}
