import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client.ts";
import { emailOutbox } from "../db/schema/index.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { createMailer } from "./mailer.ts";

/** Without SMTP nothing is queued: a queue that refuses everything proves it. */
const noQueue: JobQueue = {
  register: () => Promise.reject(new Error("no queue")),
  send: () => Promise.reject(new Error("no queue")),
  stop: () => Promise.resolve(),
};

describe("mailer without SMTP", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: "memory://", dataDir: "/tmp" });
  });
  afterAll(() => database.close());

  it("keeps the whole message in the outbox but logs at most 6 characters of a token", async () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const token = "AbCdEfGhIjKlMnOpQrStUv";
      await createMailer(database.db, noQueue, {}).send({
        to: "ana@example.com",
        subject: "Convite",
        text: `Abra http://localhost:3000/accept-invite?token=${token} para entrar.`,
        kind: "invite",
      });
      const logged = lines.join("");
      expect(logged).toContain("token=AbCdEf…");
      expect(logged).not.toContain(token);
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@example.com"));
      assert(row);
      expect(row.status).toBe("logged");
      expect(row.textBody).toContain(token);
    } finally {
      write.mockRestore();
    }
  });
});
