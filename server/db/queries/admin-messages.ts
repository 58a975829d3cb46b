import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { contactMessages, messageReplies, supportMessages, users } from "../schema/index.ts";
import { containsPattern, isoText } from "./admin-users.ts";
import type { MessageKind, MessageStatus } from "../../../shared/admin/admin-schemas.ts";

export interface AdminMessageRow {
  kind: MessageKind;
  id: string;
  full_name: string;
  email: string;
  celular: string;
  subject: string;
  message: string;
  status: MessageStatus;
  has_image: boolean;
  created_at: string;
}

/** Both inboxes as one list, newest first. */
const INBOX = sql`(
  select 'contact' as kind, id, full_name, email, celular, subject, message, status, false as has_image, created_at
  from contact_messages
  union all
  select 'support' as kind, id, full_name, email, celular, subject, message, status, image_key is not null, created_at
  from support_messages
) m`;

function messageFilter(q: string, status: MessageStatus | undefined): SQL {
  const parts: SQL[] = [sql`true`];
  if (status) parts.push(sql`m.status = ${status}`);
  if (q) {
    const pattern = containsPattern(q);
    parts.push(sql`(m.full_name ilike ${pattern} or m.email ilike ${pattern} or m.subject ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

const MESSAGE_COLUMNS = sql`m.kind, m.id, m.full_name, m.email, m.celular, m.subject, m.message, m.status, m.has_image,
  ${isoText(sql`m.created_at`)} as created_at`;

export async function listAdminMessages(
  db: Db,
  { q, status, limit, offset }: { q: string; status: MessageStatus | undefined; limit: number; offset: number },
): Promise<{ rows: AdminMessageRow[]; total: number }> {
  const where = messageFilter(q, status);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${INBOX} where ${where}`,
  );
  const rows = await queryRows<AdminMessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from ${INBOX} where ${where}
        order by m.created_at desc, m.id limit ${limit} offset ${offset}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function findAdminMessage(db: Db, kind: MessageKind, id: string): Promise<AdminMessageRow | undefined> {
  const [row] = await queryRows<AdminMessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from ${INBOX} where m.kind = ${kind} and m.id = ${id}`,
  );
  return row;
}

export async function setMessageStatus(db: Db, kind: MessageKind, id: string, status: MessageStatus): Promise<boolean> {
  const table = kind === "contact" ? contactMessages : supportMessages;
  const rows = await db.update(table).set({ status }).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

export type MessageReplyRow = typeof messageReplies.$inferSelect & { authorName: string | null };

export async function listMessageReplies(db: Db, kind: MessageKind, id: string): Promise<MessageReplyRow[]> {
  const rows = await db
    .select({ reply: messageReplies, authorName: users.name })
    .from(messageReplies)
    .leftJoin(users, eq(users.id, messageReplies.authorUserId))
    .where(and(eq(messageReplies.messageKind, kind), eq(messageReplies.messageId, id)))
    .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id));
  return rows.map(({ reply, authorName }) => ({ ...reply, authorName }));
}

export async function insertMessageReply(db: Db, reply: typeof messageReplies.$inferInsert): Promise<void> {
  await db.insert(messageReplies).values(reply);
}
