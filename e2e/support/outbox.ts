import { desc, eq } from "drizzle-orm";
import type { TestServer } from "../../server/test-support/test-server.ts";
import { emailOutbox } from "../../server/db/schema/index.ts";

/** The newest e-mail written to the outbox for an address (the default delivery when SMTP_URL is unset). */
export async function latestEmailTo(server: TestServer, to: string) {
  const [row] = await server.context.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in e-mail: ${text}`);
  return match[0];
}
