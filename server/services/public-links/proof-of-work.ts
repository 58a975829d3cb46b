import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { leadingZeroBits, proofText } from "../../../shared/public-links/proof-of-work.ts";

/** How long a solved challenge opens a link: long enough for a visitor's session, short enough to make a bot pay again. */
export const PROOF_VALID_SECONDS = 10 * 60;

/**
 * Challenges are stateless: `<issued ms>.<random>.<difficulty>.<hmac>`, the HMAC (AUTH_SECRET) binding them to one
 * link, so the server keeps nothing per visitor and any API process checks any challenge. A solved challenge is
 * reusable until it is PROOF_VALID_SECONDS old (the visitor sends several records, and a queue of them after being
 * offline); the rate limits bound what one solution buys.
 */
export function issueChallenge(secret: string, linkId: string, difficulty: number, now: Date): string {
  const body = `${now.getTime()}.${randomBytes(12).toString("base64url")}.${difficulty}`;
  return `${body}.${sign(secret, linkId, body)}`;
}

function sign(secret: string, linkId: string, body: string): string {
  return createHmac("sha256", secret).update(`public-link:${linkId}:${body}`).digest("base64url");
}

/** Whether `header` (`<challenge>.<nonce>`) is a solved, unexpired challenge of this link at today's difficulty. */
export function verifyProof(
  secret: string,
  linkId: string,
  header: string | undefined,
  minDifficulty: number,
  now: Date,
): boolean {
  const parts = header?.split(".") ?? [];
  if (parts.length !== 5) return false;
  const [issued = "", random = "", bits = "", signature = "", nonce = ""] = parts;
  const body = `${issued}.${random}.${bits}`;
  const expected = Buffer.from(sign(secret, linkId, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now.getTime() - Number(issued);
  if (!(age >= 0 && age <= PROOF_VALID_SECONDS * 1000)) return false;
  const difficulty = Number(bits);
  if (!(difficulty >= minDifficulty) || nonce.length === 0 || nonce.length > 32) return false;
  const digest = createHash("sha256")
    .update(proofText(`${body}.${signature}`, nonce))
    .digest();
  return leadingZeroBits(digest) >= difficulty;
}
