import { delay, isOffline, isTransient, isUnauthorized, type HttpOutcome } from "./http.ts";

/** Spec 001 §9: up to 3 attempts per request, waiting 2 s × the attempt number in between. */
export const SYNC_ATTEMPTS = 3;
export const SYNC_BACKOFF_MS = 2000;

/** Why a run stopped before the end: its records stay on the device and go with the next sync. */
export class SyncStop extends Error {
  constructor(readonly reason: "network" | "server" | "auth") {
    super(`sync stopped: ${reason}`);
  }
}

/** Tries a request up to SYNC_ATTEMPTS times while the failure is transient and the device online. */
export async function withRetries(send: () => Promise<HttpOutcome>): Promise<HttpOutcome> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await send();
    if (!isTransient(outcome) || attempt >= SYNC_ATTEMPTS || isOffline()) return outcome;
    await delay(SYNC_BACKOFF_MS * attempt);
  }
}

export function stopFor(outcome: HttpOutcome): SyncStop {
  if (isUnauthorized(outcome)) return new SyncStop("auth");
  return new SyncStop(outcome.kind === "network" ? "network" : "server");
}
