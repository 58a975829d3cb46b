import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { invites, sessions, users, verifications } from "../db/schema/index.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { expiredAuthCleanupJob } from "./expired-auth-cleanup-job.ts";

const HOUR = 60 * 60 * 1000;

describe("scheduled jobs", () => {
  let server: TestServer;
  const db = () => server.context.database.db;
  beforeAll(async () => {
    server = await startTestServer();
    // The schedules are written as the job queue starts, behind the first requests.
    await server.jobsStarted;
  });
  afterAll(() => server.stop());

  it("registers each recurring job with its cron, so one process runs each tick", async () => {
    const { rows } = await server.context.database.query(
      "select name, cron, options from pgboss.schedule order by name",
    );
    expect(rows.map((row) => [(row as { name: string }).name, (row as { cron: string }).cron])).toEqual([
      ["analytics-rollup", "5 * * * *"],
      ["email-outbox-sweep", "*/10 * * * *"],
      ["expired-auth-cleanup", "17 * * * *"],
      ["orphan-upload-cleanup", "41 * * * *"],
      ["unreferenced-file-sweep", "23 4 * * 0"],
      ["webhook-sweep", "* * * * *"],
    ]);
  });

  it("deletes expired sessions and verification tokens, and marks lapsed pending invites expired", async () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const [user] = await db()
      .insert(users)
      .values({ name: "Ana", email: "ana-limpeza@campo.test" })
      .returning({ id: users.id });
    const userId = user!.id;
    await db()
      .insert(sessions)
      .values([
        { userId, token: "old", expiresAt: new Date(now.getTime() - HOUR) },
        { userId, token: "live", expiresAt: new Date(now.getTime() + HOUR) },
      ]);
    await db()
      .insert(verifications)
      .values([
        { identifier: "reset-old", value: "x", expiresAt: new Date(now.getTime() - HOUR) },
        { identifier: "reset-live", value: "y", expiresAt: new Date(now.getTime() + HOUR) },
      ]);
    const invite = (tokenHash: string, expiresAt: Date, status: "pending" | "accepted") => ({
      ownerId: userId,
      tokenHash,
      email: `${tokenHash}@campo.test`,
      name: tokenHash,
      grants: [],
      status,
      expiresAt,
    });
    await db()
      .insert(invites)
      .values([
        invite("lapsed", new Date(now.getTime() - HOUR), "pending"),
        invite("current", new Date(now.getTime() + HOUR), "pending"),
        invite("taken", new Date(now.getTime() - HOUR), "accepted"),
      ]);

    await expiredAuthCleanupJob(db(), () => now).handle({}, { id: "tick", retryCount: 0 });

    const tokens = await db().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
    expect(tokens.map((row) => row.token)).toEqual(["live"]);
    const left = await db().select({ identifier: verifications.identifier }).from(verifications);
    expect(left.map((row) => row.identifier)).toEqual(["reset-live"]);
    const statuses = await db()
      .select({ name: invites.name, status: invites.status })
      .from(invites)
      .where(eq(invites.ownerId, userId));
    expect(Object.fromEntries(statuses.map((row) => [row.name, row.status]))).toEqual({
      lapsed: "expired",
      current: "pending",
      taken: "accepted",
    });
  });
});
