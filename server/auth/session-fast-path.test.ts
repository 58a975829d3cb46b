import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions } from "../db/schema/index.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { SESSION_TTL_SECONDS } from "./auth.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sessions are read in one query unless better-auth has something to do (renew, expire, refuse): each case below
 * would answer differently if the fast path decided what better-auth decides.
 */
describe("session lookup", () => {
  let server: TestServer;
  const db = () => server.context.database.db;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** A new user's session token and the cookie a browser holds for it (signed as better-auth signs it). */
  async function signedIn(email: string) {
    const user = await server.client().signUp(email);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    assert(session);
    const signature = createHmac("sha256", server.context.config.authSecret).update(session.token).digest("base64");
    return { user, session, cookie: `campo.session_token=${encodeURIComponent(`${session.token}.${signature}`)}` };
  }
  const meWith = async (cookie: string) => {
    const response = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    return ((await response.json()) as { user: { id: string } | null }).user?.id ?? null;
  };
  const expiresAt = async (id: string) =>
    (await db().select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at;

  it("knows a fresh session's user, and no one for a forged signature or an unknown token", async () => {
    const { user, session, cookie } = await signedIn("fresh@example.com");
    expect(await meWith(cookie)).toBe(user.id);
    const forged = createHmac("sha256", "not-the-secret").update(session.token).digest("base64");
    expect(await meWith(`campo.session_token=${encodeURIComponent(`${session.token}.${forged}`)}`)).toBeNull();
    expect(await meWith(cookie.replace(session.token, session.token.slice(1)))).toBeNull();
    // A fresh session is not written to on every request.
    expect(await expiresAt(session.id)).toEqual(session.expiresAt);
  });

  it("leaves a session due for its daily renewal to better-auth, which extends it", async () => {
    const { user, session, cookie } = await signedIn("renew@example.com");
    const due = new Date(Date.now() + SESSION_TTL_SECONDS * 1000 - 2 * DAY_MS);
    await db().update(sessions).set({ expiresAt: due }).where(eq(sessions.id, session.id));
    expect(await meWith(cookie)).toBe(user.id);
    const renewed = await expiresAt(session.id);
    assert(renewed);
    expect(renewed.getTime()).toBeGreaterThan(due.getTime() + DAY_MS);
  });

  it("refuses an expired session (better-auth deletes it), a signed-out one and a disabled account's", async () => {
    const expired = await signedIn("expired@example.com");
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.session.id));
    expect(await meWith(expired.cookie)).toBeNull();
    expect(await expiresAt(expired.session.id)).toBeUndefined();

    const signedOut = await signedIn("gone@example.com");
    await db().delete(sessions).where(eq(sessions.id, signedOut.session.id));
    expect(await meWith(signedOut.cookie)).toBeNull();

    const disabled = await signedIn("disabled@example.com");
    expect(await meWith(disabled.cookie)).toBe(disabled.user.id);
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, disabled.user.id));
    expect(await meWith(disabled.cookie)).toBeNull();
  });
});
