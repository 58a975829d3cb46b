/**
 * The proof of work of public links (hashcash): the server hands out a signed challenge and a difficulty; the browser
 * finds a nonce whose SHA-256 of `challenge.nonce` starts with `difficulty` zero bits. Checking costs the server one
 * hash; finding costs a browser about 2^difficulty hashes, once per link every few minutes: nothing for a person,
 * a real cost per request for a bot that floods. Both sides hash the same text with their own SHA-256.
 */
export function proofText(challenge: string, nonce: string): string {
  return `${challenge}.${nonce}`;
}

/** How many leading bits of the digest are zero. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Finds a nonce for the challenge with the given digest function (the browser's worker, a test, the benchmark). */
export async function solveProof(
  challenge: string,
  difficulty: number,
  sha256: (text: string) => Promise<Uint8Array> | Uint8Array,
): Promise<string> {
  for (let counter = 0; ; counter++) {
    const nonce = counter.toString(36);
    if (leadingZeroBits(await sha256(proofText(challenge, nonce))) >= difficulty) return nonce;
  }
}
