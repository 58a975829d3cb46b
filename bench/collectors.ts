/**
 * The team the concurrency benchmarks sync with: one owner (super admin, so records are unlimited as on a paid plan),
 * the survey form, and N collectors who each accepted the owner's invite and hold their own session. Built through
 * the API on a server inside the benchmark's process, which can read the invite links from the e-mail outbox;
 * the measured server then runs in its own process on the same database.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { emailOutbox, rateLimits } from "../server/db/schema/index.ts";
import type { Db } from "../server/db/client.ts";
import { startServer } from "../server/server.ts";
import type { BenchDatabase, BenchSession } from "./bench-server.ts";
import { benchCall, benchSignUp } from "./bench-server.ts";
import { createSurvey, type FieldRow } from "./survey.ts";

export interface BenchTeam {
  owner: BenchSession;
  fields: FieldRow[];
  applicationId: string;
  /** One session per collector; `base` is the set-up server's and is replaced by the measured server's. */
  collectors: BenchSession[];
}

const SETUP_CONCURRENCY = 8;

async function inviteToken(db: Db, email: string): Promise<string> {
  const [message] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "invite")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /[?&]token=([^&\s]+)/.exec(message?.text ?? "")?.[1];
  if (!token) throw new Error(`no invite e-mailed to ${email}`);
  return decodeURIComponent(token);
}

async function joinTeam(db: Db, owner: BenchSession, applicationId: string, index: number): Promise<BenchSession> {
  const email = `collector-${index}@campo.bench`;
  const name = `Coletor ${index}`;
  // An owner may send 30 invites an hour (invite-rate-limits.ts); the bench measures sync, not invites, so it spends
  // the budget afresh for each collector.
  await db.delete(rateLimits).where(like(rateLimits.key, "invite-sender:%"));
  const invited = await benchCall(owner, "/api/team/invites", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, grants: [{ applicationId, role: "collaborator" }] }),
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${await invited.text()}`);
  const token = await inviteToken(db, email);
  const response = await fetch(`${owner.base}/api/invites/sign-up`, {
    method: "POST",
    // Each collector signs up from its own address (TRUST_PROXY on the set-up server): registration is rate limited per address.
    headers: {
      "content-type": "application/json",
      origin: owner.base,
      "x-forwarded-for": `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
    },
    body: JSON.stringify({ token, name, password: "bench-secret-1" }),
  });
  if (response.status !== 204) throw new Error(`invite sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const collector = { base: owner.base, cookie };
  const accepted = await benchCall(collector, "/api/invites/accept", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (!accepted.ok) throw new Error(`invite accept failed: ${accepted.status} ${await accepted.text()}`);
  return collector;
}

export async function createBenchTeam(
  database: BenchDatabase,
  ownerEmail: string,
  collectorCount: number,
): Promise<BenchTeam> {
  const server = await startServer({ env: { ...database.env, PORT: "0", LOG_LEVEL: "error", TRUST_PROXY: "true" } });
  try {
    const owner = await benchSignUp(server.url, ownerEmail, "Dona da empresa");
    const fields = await createSurvey(owner, "Pesquisa domiciliar");
    const applicationId = fields[0]?.applicationId;
    if (!applicationId) throw new Error("the survey has no fields");
    const collectors: BenchSession[] = new Array(collectorCount);
    let next = 0;
    await Promise.all(
      Array.from({ length: SETUP_CONCURRENCY }, async () => {
        while (next < collectorCount) {
          const index = next++;
          collectors[index] = await joinTeam(server.context.database.db, owner, applicationId, index);
        }
      }),
    );
    return { owner, fields, applicationId, collectors };
  } finally {
    await server.close();
  }
}

/** The same sessions against another server on the same database. */
export function atServer(team: BenchTeam, base: string): BenchTeam {
  const move = (session: BenchSession) => ({ ...session, base });
  return { ...team, owner: move(team.owner), collectors: team.collectors.map(move) };
}
