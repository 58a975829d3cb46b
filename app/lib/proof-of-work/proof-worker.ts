/// <reference lib="webworker" />
import { solveProof } from "../../../shared/public-links/proof-of-work.ts";

/** Solves a public link's challenge off the main thread, so the form stays responsive while the browser works. */
const encoder = new TextEncoder();
const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));

self.onmessage = (event: MessageEvent<{ challenge: string; difficulty: number }>) => {
  const { challenge, difficulty } = event.data;
  void solveProof(challenge, difficulty, sha256).then((nonce) => self.postMessage({ nonce }));
};
