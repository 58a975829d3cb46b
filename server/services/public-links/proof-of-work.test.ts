import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leadingZeroBits, solveProof } from "../../../shared/public-links/proof-of-work.ts";
import { issueChallenge, PROOF_VALID_SECONDS, verifyProof } from "./proof-of-work.ts";

const SECRET = "proof-secret";
const LINK = "3f0c1a2b-0000-4000-8000-000000000001";
const sha256 = (text: string) => createHash("sha256").update(text).digest();
const issuedAt = new Date("2026-11-27T10:00:00Z");

async function solved(difficulty: number, link = LINK): Promise<string> {
  const challenge = issueChallenge(SECRET, link, difficulty, issuedAt);
  return `${challenge}.${await solveProof(challenge, difficulty, sha256)}`;
}

describe("proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(Uint8Array.from([0x0f]))).toBe(4);
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16);
  });

  it("accepts a solved challenge of the link while it is fresh", async () => {
    const proof = await solved(10);
    expect(verifyProof(SECRET, LINK, proof, 10, issuedAt)).toBe(true);
    const later = new Date(issuedAt.getTime() + PROOF_VALID_SECONDS * 1000);
    expect(verifyProof(SECRET, LINK, proof, 10, later)).toBe(true);
  });

  it("refuses a stale, foreign, forged, too easy or unsolved proof", async () => {
    const proof = await solved(10);
    const stale = new Date(issuedAt.getTime() + PROOF_VALID_SECONDS * 1000 + 1);
    expect(verifyProof(SECRET, LINK, proof, 10, stale)).toBe(false);
    expect(verifyProof(SECRET, "another-link", proof, 10, issuedAt)).toBe(false);
    expect(verifyProof("another-secret", LINK, proof, 10, issuedAt)).toBe(false);
    // The difficulty is signed: lowering it in the challenge breaks the signature; an old easy one is below today's.
    expect(verifyProof(SECRET, LINK, proof.replace(".10.", ".1."), 1, issuedAt)).toBe(false);
    expect(verifyProof(SECRET, LINK, await solved(4), 10, issuedAt)).toBe(false);
    const unsolved = `${issueChallenge(SECRET, LINK, 24, issuedAt)}.0`;
    expect(verifyProof(SECRET, LINK, unsolved, 24, issuedAt)).toBe(false);
    expect(verifyProof(SECRET, LINK, undefined, 10, issuedAt)).toBe(false);
  });
});
