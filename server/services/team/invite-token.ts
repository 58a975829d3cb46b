import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe; only the SHA-256 is stored, so a database leak yields no usable link. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function inviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}
