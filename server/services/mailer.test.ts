import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.ts";
import { createMigratedTestDatabase, type MigratedTestDatabase } from "../test-support/database-template.ts";
import { emailOutbox } from "../db/schema/index.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { createMailer } from "./mailer.ts";

/** Without SMTP nothing is queued: a queue that refuses everything proves it. */
const noQueue: JobQueue = {
  register: () => Promise.reject(new Error("no queue")),
  send: () => Promise.reject(new Error("no queue")),
  stop: () => Promise.resolve(),
  started: Promise.resolve(),
};

describe("mailer without SMTP", () => {
  let testDatabase: MigratedTestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase();
    database = await openDatabase({
      databaseUrl: testDatabase.url,
      memorySeed: testDatabase.memorySeed,
      dataDir: "/tmp",
    });
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  it("keeps the whole message in the outbox and logs its links whole, so a reset can be finished from the log", async () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const token = "AbCdEfGhIjKlMnOpQrStUv-_0123456789abcdefgh";
      const link = `http://localhost:3000/reset-password?token=${token}`;
      await createMailer(database.db, noQueue, {}).send({
        to: "ana@example.com",
        subject: "Redefinição de senha do Campo",
        text: `Abra ${link} para criar uma nova senha.\nSenha antiga: não enviamos.`,
        kind: "password_reset",
      });
      const line = lines.find((entry) => entry.includes("ana@example.com"));
      assert(line);
      expect((JSON.parse(line) as { links: string[] }).links).toEqual([link]);
      // Only the links: the rest of the text stays in the outbox row.
      expect(line).not.toContain("Senha antiga");
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@example.com"));
      assert(row);
      expect(row.status).toBe("logged");
      expect(row.textBody).toContain(token);
    } finally {
      write.mockRestore();
    }
  });
});
