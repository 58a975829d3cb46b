import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Db } from "../db/client.ts";
import { findSessionWithUser, type SessionWithUser } from "../db/queries/sessions.ts";

/**
 * The value of a cookie signed as better-auth signs its session cookie (`value.base64(HMAC-SHA256(secret, value))`),
 * or null when it is absent or its signature is wrong.
 */
export function verifiedCookie(c: Context, name: string, secret: string): string | null {
  const raw = getCookie(c, name);
  const dot = raw?.lastIndexOf(".") ?? -1;
  if (!raw || dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

/**
 * The caller's session when better-auth would hand it back unchanged: signed cookie, session found, not expired, not
 * yet due for its sliding renewal. One query (session, user and the disabled flag) instead of better-auth's two plus
 * the disabled check, on every signed-in request. Anything else answers null and the caller asks better-auth, which
 * renews, expires or refuses exactly as before.
 */
export async function freshSession(
  c: Context,
  db: Db,
  cookie: { name: string; secret: string; expiresInSeconds: number; updateAgeSeconds: number },
): Promise<SessionWithUser | null> {
  const token = verifiedCookie(c, cookie.name, cookie.secret);
  if (!token) return null;
  const found = await findSessionWithUser(db, token);
  if (!found) return null;
  const now = Date.now();
  const renewalDue = found.expiresAt.getTime() - cookie.expiresInSeconds * 1000 + cookie.updateAgeSeconds * 1000 <= now;
  return found.expiresAt.getTime() > now && !renewalDue ? found : null;
}
