import { z } from "zod";
import { syncBatchResultSchema } from "../../shared/submissions/sync-schemas.ts";
import {
  PROOF_HEADER,
  PUBLIC_SYNC_BATCH_MAX,
  type ProofChallengeDto,
  type PublicFormDto,
} from "../../shared/public-links/public-link-dtos.ts";
import { solveInWorker } from "../lib/proof-of-work/solve-proof.ts";
import { contractUrl } from "../../shared/api/contract-url.ts";
import {
  getPublicLinkChallenge,
  syncThroughPublicLink,
  uploadPublicLinkAttachment,
} from "../../shared/api/contracts/public-links.ts";
import { offlineDb } from "./db.ts";
import { isOffline, requestRoute, successBody, type HttpOutcome } from "./http.ts";
import { uploadMedia, uploadQuery, type MediaDestination } from "./media-upload.ts";
import { applyResults, cleanSyncedRecords, releaseUnanswered, toSyncRecord } from "./sync-engine.ts";
import { emptyReport, type SyncReport } from "./sync-report.ts";
import { SyncStop } from "./sync-stop.ts";
import { UNSENT_STATUSES, type OutboxRecord, type OutboxStatus } from "./types.ts";

/** A public link's form as the visitor's device keeps it, so the page opens offline after one visit. */
export interface CachedPublicForm {
  token: string;
  form: PublicFormDto;
  cachedAt: string;
}

/** The outbox owner of a link's records: the visitor has no user, the link scopes the queue. */
export function linkOwnerKey(token: string): string {
  return `link:${token}`;
}

export async function cachePublicForm(token: string, form: PublicFormDto): Promise<void> {
  await offlineDb().publicForms.put({ token, form, cachedAt: new Date().toISOString() });
}

export async function cachedPublicForm(token: string): Promise<CachedPublicForm | undefined> {
  return offlineDb().publicForms.get(token);
}

const DEVICE_KEY = "campo-visitor-device";

/** A random id this browser keeps, for links that take one record per device; nothing else identifies the visitor. */
export function visitorDeviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** What stopped a link's records this run (the error code the server sent): they stay queued on the device. */
export type LinkRefusal = "PUBLIC_LINK_PAUSED" | "PUBLIC_LINK_CLOSED" | "PUBLIC_LINK_NOT_FOUND" | "RATE_LIMITED";
export interface LinkSyncReport extends SyncReport {
  refusal?: LinkRefusal;
}

const REQUEST_TIMEOUT_MS = 60_000;
const errorSchema = z.object({ error: z.object({ code: z.string() }) });
const REFUSALS = new Set<string>(["PUBLIC_LINK_PAUSED", "PUBLIC_LINK_CLOSED", "PUBLIC_LINK_NOT_FOUND", "RATE_LIMITED"]);

/** Solved challenges by token, reused until shortly before the server stops taking them. */
const proofs = new Map<string, { proof: string; until: number }>();

async function proofFor(token: string): Promise<string | null> {
  const kept = proofs.get(token);
  if (kept && kept.until > Date.now()) return kept.proof;
  const outcome = await requestRoute(getPublicLinkChallenge, { params: { token } }, { timeoutMs: REQUEST_TIMEOUT_MS });
  const body = successBody(outcome)?.body as ProofChallengeDto | undefined;
  if (!body) return null;
  const proof = `${body.challenge}.${await solveInWorker(body.challenge, body.difficulty)}`;
  proofs.set(token, { proof, until: Date.now() + (body.validForSeconds - 30) * 1000 });
  return proof;
}

let running: Promise<LinkSyncReport> = Promise.resolve(emptyReport(false));

/**
 * Sends the link's queued records and their media, as the signed-in sync engine does for a user (same outbox, same
 * per-record answers), through the link's endpoints with the proof of work. A refusal of the whole request (paused,
 * closed, throttled) leaves every record queued. One run at a time per page.
 */
export function syncLink(token: string, deviceId: string): Promise<LinkSyncReport> {
  const run = running.catch(() => undefined).then(() => runLinkSync(token, deviceId));
  running = run;
  return run;
}

async function runLinkSync(token: string, deviceId: string): Promise<LinkSyncReport> {
  const report: LinkSyncReport = emptyReport(false);
  if (isOffline()) return { ...report, networkError: true, skipped: "offline" };
  const ownerKey = linkOwnerKey(token);
  const db = offlineDb();
  const candidates = (
    await db.outbox
      .where("[ownerKey+status]")
      .anyOf(UNSENT_STATUSES.map((status) => [ownerKey, status]))
      .toArray()
  ).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (candidates.length === 0) return { ...report, skipped: "nothing" };
  const previous = new Map<string, OutboxStatus>(candidates.map((record) => [record.id, record.status]));
  try {
    for (let start = 0; start < candidates.length; start += PUBLIC_SYNC_BATCH_MAX) {
      const stop = await sendBatch(token, deviceId, candidates.slice(start, start + PUBLIC_SYNC_BATCH_MAX), report);
      if (stop) break;
    }
  } finally {
    report.failed = await releaseUnanswered(previous);
  }
  await cleanSyncedRecords(ownerKey);
  return report;
}

/** An answer of the link that stops the run with every record kept: the link's refusal, or a proof to solve again. */
class LinkHalt extends Error {
  constructor(readonly code: string) {
    super(`public link: ${code}`);
  }
}

function linkHalt(outcome: HttpOutcome): LinkHalt | undefined {
  const code = errorSchema.safeParse(outcome.kind === "response" ? outcome.body : undefined).data?.error.code;
  return code === "PROOF_OF_WORK_REQUIRED" || (code !== undefined && REFUSALS.has(code))
    ? new LinkHalt(code)
    : undefined;
}

/** The link's own upload route: its proof, and no application (the link has one). */
function linkUploads(token: string, proof: string): MediaDestination {
  return {
    url: (item) =>
      contractUrl(uploadPublicLinkAttachment, {
        params: { token, sha256: item.sha256 },
        query: uploadQuery(undefined, item),
      }),
    headers: { [PROOF_HEADER]: proof },
    halt: linkHalt,
  };
}

/**
 * Sends one batch, its photos and files first (through the link's upload route, as the signed-in engine does through
 * its own); answers whether the run must stop (no connection, or the link refuses).
 */
async function sendBatch(
  token: string,
  deviceId: string,
  batch: OutboxRecord[],
  report: LinkSyncReport,
): Promise<boolean> {
  // A proof the server no longer takes (an older challenge, a changed difficulty) is solved again, once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const proof = await proofFor(token);
    if (proof === null) {
      report.networkError = true;
      return true;
    }
    await offlineDb().outbox.bulkUpdate(batch.map((record) => ({ key: record.id, changes: { status: "syncing" } })));
    let halt: LinkHalt | undefined;
    try {
      const ready = await uploadMedia(batch, report, linkUploads(token, proof));
      if (ready.length === 0) return false;
      const outcome = await requestRoute(
        syncThroughPublicLink,
        { params: { token }, body: { deviceId, records: ready.map(toSyncRecord) } },
        { headers: { [PROOF_HEADER]: proof }, timeoutMs: REQUEST_TIMEOUT_MS },
      );
      if (outcome.kind === "network") {
        report.networkError = true;
        return true;
      }
      const answer = successBody(outcome);
      if (answer) {
        const parsed = syncBatchResultSchema.safeParse(answer.body);
        if (!parsed.success) return true;
        await applyResults(ready, parsed.data.results, report);
        return false;
      }
      halt = linkHalt(outcome);
    } catch (error) {
      // An upload that could not go (no connection, a server error) or that the link refused.
      if (error instanceof SyncStop) {
        report.networkError = error.reason === "network";
        return true;
      }
      if (!(error instanceof LinkHalt)) throw error;
      halt = error;
    }
    if (halt?.code === "PROOF_OF_WORK_REQUIRED") {
      proofs.delete(token);
      continue;
    }
    if (halt) report.refusal = halt.code as LinkRefusal;
    return true;
  }
  return true;
}
