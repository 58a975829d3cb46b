import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import {
  findAdminMessage,
  insertMessageReply,
  listAdminMessages,
  listMessageReplies,
  setMessageStatus,
} from "../../db/queries/admin-messages.ts";
import { ApiError } from "../../lib/api-error.ts";
import { logger } from "../../lib/logger.ts";
import { presentAdminMessage, presentAdminMessageDetail } from "../../presenters/admin-presenter.ts";
import { messageReplyEmail } from "../emails/message-reply-email.ts";
import type { AdminMessageDetail, AdminMessageSummary, Page } from "../../../shared/admin/admin-dtos.ts";
import type { AdminMessagesQuery, MessageKind, MessageStatus } from "../../../shared/admin/admin-schemas.ts";

export async function listMessages(context: AppContext, query: AdminMessagesQuery): Promise<Page<AdminMessageSummary>> {
  const { rows, total } = await listAdminMessages(context.database.db, {
    q: query.q,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(presentAdminMessage), total, page: query.page, pageSize: query.pageSize };
}

export async function messageThread(context: AppContext, kind: MessageKind, id: string): Promise<AdminMessageDetail> {
  const db = context.database.db;
  const message = await findAdminMessage(db, kind, id);
  if (!message) throw new ApiError("NOT_FOUND", "No such message");
  return presentAdminMessageDetail(message, await listMessageReplies(db, kind, id));
}

/**
 * E-mails the reply to the sender (in the product's default language: a message carries no locale), keeps it in the
 * thread with its outbox id and marks the message answered, all in one transaction: nothing is stored when the e-mail
 * could not be written.
 */
export async function replyToMessage(
  context: AppContext,
  admin: SessionUser,
  kind: MessageKind,
  id: string,
  body: string,
): Promise<AdminMessageDetail> {
  const db = context.database.db;
  const message = await findAdminMessage(db, kind, id);
  if (!message) throw new ApiError("NOT_FOUND", "No such message");
  await db.transaction(async (tx) => {
    let outboxId: string | null;
    try {
      ({ outboxId } = await context.mailer.send(
        messageReplyEmail({ to: message.email, name: message.full_name, subject: message.subject, body }),
        { tx },
      ));
    } catch (error) {
      logger.error("reply e-mail failed", { error });
      throw new ApiError("EMAIL_NOT_SENT", "The reply could not be sent");
    }
    await insertMessageReply(tx, {
      messageKind: kind,
      messageId: id,
      authorUserId: admin.id,
      body,
      emailOutboxId: outboxId,
    });
    await setMessageStatus(tx, kind, id, "answered");
  });
  return messageThread(context, kind, id);
}

export async function changeMessageStatus(
  context: AppContext,
  kind: MessageKind,
  id: string,
  status: MessageStatus,
): Promise<AdminMessageDetail> {
  if (!(await setMessageStatus(context.database.db, kind, id, status)))
    throw new ApiError("NOT_FOUND", "No such message");
  return messageThread(context, kind, id);
}
