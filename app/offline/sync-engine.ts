import { z } from "zod";
import {
  SYNC_BATCH_MAX,
  syncBatchResultSchema,
  type SyncRecord,
  type SyncRecordResult,
} from "../../shared/submissions/sync-schemas.ts";
import { offlineDb } from "./db.ts";
import { readCacheSettings } from "./cache-settings.ts";
import { deleteRecords } from "./outbox.ts";
import { keepSyncedOnMap } from "./collect-map-records.ts";
import { deferralDelayMs, deferredRecords } from "./deferred-records.ts";
import { delay, isOffline, isUnauthorized, requestRoute, successBody, type HttpOutcome } from "./http.ts";
import { getMe } from "../../shared/api/contracts/me.ts";
import { editSubmission } from "../../shared/api/contracts/submissions.ts";
import { syncRecords } from "../../shared/api/contracts/sync.ts";
import { forgetMissingMedia } from "./missing-media.ts";
import { emptyReport, type SyncReport } from "./sync-report.ts";
import { setSyncState } from "./sync-state.ts";
import { uploadMedia } from "./media-upload.ts";
import { SyncStop, stopFor, withRetries } from "./sync-stop.ts";
import { BLOCKED_REASON, UNSENT_STATUSES, type OutboxRecord, type OutboxStatus } from "./types.ts";

export type { SyncReport } from "./sync-report.ts";

const RECORDS_TIMEOUT_MS = 60_000;
const SESSION_TIMEOUT_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOCK_NAME = "campo-sync";

export interface SyncOptions {
  userId: string | null;
  /** Only these records (the form sending the record it just saved); all waiting records otherwise. */
  recordIds?: string[];
  /** Started by the user: the caller shows 'Nada para sincronizar' when nothing was waiting. */
  manual?: boolean;
}

let running: Promise<SyncReport> | null = null;

/**
 * Sends the user's waiting records (spec 001 §4): online? session valid? the same user on the server? then,
 * batch by batch, media first and records after, each request tried up to 3 times. A record leaves the
 * outbox's waiting states only on the server's answer for it. One run at a time: a second call waits for the
 * running one (in this tab, and across tabs through the Web Locks API) and then sends whatever is still waiting.
 */
export async function syncNow(options: SyncOptions = { userId: null }): Promise<SyncReport> {
  while (running) await running.catch(() => undefined);
  const run = withDeviceLock(() => runSync(options));
  running = run;
  try {
    return await run;
  } finally {
    if (running === run) running = null;
  }
}

function withDeviceLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  // request() resolves with the callback's promise itself; then() unwraps it.
  return locks ? locks.request(LOCK_NAME, task).then((result) => result) : task();
}

async function runSync(options: SyncOptions): Promise<SyncReport> {
  const report = emptyReport(options.manual ?? false);
  const userId = options.userId;
  if (!userId) return { ...report, authError: "not_logged_in" };
  if (isOffline()) return { ...report, networkError: true, skipped: "offline" };
  const candidates = await loadCandidates(userId, options.recordIds);
  if (candidates.length === 0) return { ...report, skipped: "nothing" };

  setSyncState({ status: "syncing" });
  try {
    const session = await requestRoute(getMe, {}, { timeoutMs: SESSION_TIMEOUT_MS });
    if (session.kind === "network") return { ...report, networkError: true, failed: candidates.length };
    if (isUnauthorized(session)) return { ...report, authError: "invalid_session", failed: candidates.length };
    const me = successBody(session);
    if (!me) return { ...report, failed: candidates.length };
    const sessionUser = sessionUserId(me.body);
    if (sessionUser === null) return { ...report, authError: "invalid_session", failed: candidates.length };
    if (sessionUser !== userId) return { ...report, authError: "server_unrecognised", failed: candidates.length };

    const previousStatus = new Map(candidates.map((record) => [record.id, record.status]));
    let stillMissingMedia = 0;
    try {
      const resend = await sendInBatches(candidates, report);
      // Their media were uploaded again just now; once more in this run, then they wait for the next sync.
      if (resend.length > 0) stillMissingMedia = (await sendInBatches(resend, report)).length;
    } catch (error) {
      if (!(error instanceof SyncStop)) console.error("sync failed", error);
      if (error instanceof SyncStop && error.reason === "network") report.networkError = true;
      if (error instanceof SyncStop && error.reason === "auth") report.authError = "lost_during_sync";
    } finally {
      report.failed = (await releaseUnanswered(previousStatus)) + stillMissingMedia;
    }
    await cleanSyncedRecords(userId);
    return report;
  } finally {
    setSyncState({ status: "idle", lastReport: report, lastSyncAt: new Date().toISOString() });
  }
}

const meSchema = z.object({ user: z.object({ id: z.string() }).nullable() });

/** The signed-in user's id, null when the server says no one is signed in, undefined for an answer not understood. */
function sessionUserId(body: unknown): string | null | undefined {
  const parsed = meSchema.safeParse(body);
  return parsed.success ? (parsed.data.user?.id ?? null) : undefined;
}

const uuid = z.uuid();

/** Waiting records of the user, oldest first. One without a valid application id can never sync (spec 001 §4). */
async function loadCandidates(userId: string, recordIds: string[] | undefined): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const rows = await db.outbox
    .where("[ownerKey+status]")
    .anyOf(UNSENT_STATUSES.map((status) => [userId, status]))
    .toArray();
  const wanted = recordIds ? new Set(recordIds) : null;
  const selected = rows.filter((record) => !wanted || wanted.has(record.id));
  const unsendable = selected.filter((record) => !uuid.safeParse(record.applicationId).success);
  for (const record of unsendable)
    await db.outbox.update(record.id, { status: "rejected", reason: "invalid_application" });
  return selected
    .filter((record) => !unsendable.includes(record))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Sends the records batch by batch; answers those to send again because the server lacked their media. */
async function sendInBatches(records: OutboxRecord[], report: SyncReport): Promise<OutboxRecord[]> {
  const resend: OutboxRecord[] = [];
  for (let start = 0; start < records.length; start += SYNC_BATCH_MAX)
    resend.push(...(await sendBatch(records.slice(start, start + SYNC_BATCH_MAX), report)));
  return resend;
}

async function sendBatch(batch: OutboxRecord[], report: SyncReport): Promise<OutboxRecord[]> {
  const db = offlineDb();
  await db.outbox.bulkUpdate(batch.map((record) => ({ key: record.id, changes: { status: "syncing" as const } })));
  const ready = await uploadMedia(batch, report);
  const created = ready.filter((record) => record.editOf === null);
  const resend = created.length > 0 ? await postRecords(created, report) : [];
  for (const edit of ready.filter(isEdit)) resend.push(...(await putEdit(edit, report)));
  return resend;
}

export function toSyncRecord(record: OutboxRecord): SyncRecord {
  return {
    id: record.id,
    applicationId: record.applicationId,
    answers: record.answers,
    location: record.location,
    clientCreatedAt: record.createdAt,
    ...(record.formVersion === undefined ? {} : { formVersion: record.formVersion }),
    ...(record.entityBaseVersion === undefined ? {} : { entityBaseVersion: record.entityBaseVersion }),
  };
}

// A request the server refuses as a whole; split until the one record at fault is found and rejected alone.
const REFUSED_AS_A_WHOLE = new Set([400, 413, 422]);

async function postRecords(records: OutboxRecord[], report: SyncReport): Promise<OutboxRecord[]> {
  const outcome = await withRetries(() =>
    requestRoute(syncRecords, { body: { records: records.map(toSyncRecord) } }, { timeoutMs: RECORDS_TIMEOUT_MS }),
  );
  const answer = successBody(outcome);
  if (answer) {
    const parsed = syncBatchResultSchema.safeParse(answer.body);
    if (!parsed.success) throw new SyncStop("server");
    const resend = await applyResults(records, parsed.data.results, report);
    // The server ran out of time for the rest of the batch: once it asked for, they go again. Each answer settles at
    // least one record; one that settles none leaves them waiting for the next sync instead of asking again.
    const later = deferredRecords(records, parsed.data);
    if (later.length === 0 || parsed.data.results.length === 0) return resend;
    await delay(deferralDelayMs(parsed.data.retryAfterSeconds));
    return [...resend, ...(await postRecords(later, report))];
  }
  if (outcome.kind === "response" && REFUSED_AS_A_WHOLE.has(outcome.status)) {
    const [only] = records;
    if (only && records.length === 1)
      return applyResults(records, [{ id: only.id, status: "rejected", reason: "invalid_record" }], report);
    const half = Math.ceil(records.length / 2);
    return [
      ...(await postRecords(records.slice(0, half), report)),
      ...(await postRecords(records.slice(half), report)),
    ];
  }
  throw stopFor(outcome);
}

/** The server's answer for one record, or the engine's own verdict in the same shape (edits, refused requests). */
export type RecordOutcome = Omit<SyncRecordResult, "reason"> & { reason?: string };

/**
 * Records the server's answer per record; a record it did not answer for stays waiting. Answers the records to send
 * again once their media are uploaded again (media_missing).
 */
export async function applyResults(
  records: OutboxRecord[],
  results: RecordOutcome[],
  report: SyncReport,
): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const byId = new Map(results.map((result) => [result.id, result]));
  const now = new Date().toISOString();
  const changes: { key: string; changes: Partial<OutboxRecord> }[] = [];
  const missingMedia: OutboxRecord[] = [];
  for (const record of records) {
    const result = byId.get(record.id);
    if (!result) continue;
    if (result.status === "blocked" && result.reason === "media_missing") {
      missingMedia.push(record);
      continue;
    }
    switch (result.status) {
      case "created":
      case "duplicate":
        changes.push({ key: record.id, changes: { status: "synced", syncedAt: now, updatedAt: now } });
        report.synced++;
        if (result.status === "duplicate") report.duplicates++;
        break;
      case "conflict":
        changes.push({ key: record.id, changes: { status: "synced", conflict: true, syncedAt: now, updatedAt: now } });
        report.conflicts++;
        break;
      case "blocked":
        changes.push({
          key: record.id,
          changes: { status: "blocked", reason: BLOCKED_REASON, blockedAt: record.blockedAt ?? now, updatedAt: now },
        });
        report.blocked++;
        break;
      case "rejected":
        changes.push({
          key: record.id,
          changes: {
            status: "rejected",
            reason: result.reason ?? "rejected",
            errors: result.errors,
            formError: result.formError,
            updatedAt: now,
          },
        });
        report.rejected++;
        break;
    }
  }
  await db.outbox.bulkUpdate(changes);
  const resend = await forgetMissingMedia(missingMedia);
  report.rejected += missingMedia.length - resend.length;
  return resend;
}

const EDIT_REFUSALS: Record<number, string> = {
  400: "invalid_answers",
  403: "forbidden",
  404: "not_found",
  422: "invalid_answers",
};

type EditRecord = OutboxRecord & { editOf: string };
const isEdit = (record: OutboxRecord): record is EditRecord => record.editOf !== null;

/** An edit of a record already on the server: the server keeps the previous answers as a version. */
async function putEdit(record: EditRecord, report: SyncReport): Promise<OutboxRecord[]> {
  const outcome = await withRetries(() =>
    requestRoute(
      editSubmission,
      {
        params: { id: record.applicationId, submissionId: record.editOf },
        // No location on the device means "leave it as it is" (null would clear the stored one).
        body: record.location ? { answers: record.answers, location: record.location } : { answers: record.answers },
      },
      { timeoutMs: RECORDS_TIMEOUT_MS },
    ),
  );
  if (successBody(outcome)) return applyResults([record], [{ id: record.id, status: "created" }], report);
  if (errorCode(outcome) === "MEDIA_MISSING")
    return applyResults([record], [{ id: record.id, status: "blocked", reason: "media_missing" }], report);
  const refusal = outcome.kind === "response" ? EDIT_REFUSALS[outcome.status] : undefined;
  if (refusal === undefined) throw stopFor(outcome);
  return applyResults([record], [{ id: record.id, status: "rejected", reason: refusal }], report);
}

const errorBodySchema = z.object({ error: z.object({ code: z.string() }) });

function errorCode(outcome: HttpOutcome): string | undefined {
  if (outcome.kind !== "response") return undefined;
  const parsed = errorBodySchema.safeParse(outcome.body);
  return parsed.success ? parsed.data.error.code : undefined;
}

/** Records of this run with no answer go back to what they were (pending, or blocked); returns how many. */
export async function releaseUnanswered(previousStatus: Map<string, OutboxStatus>): Promise<number> {
  const db = offlineDb();
  return db.transaction("rw", db.outbox, async () => {
    const unanswered = await db.outbox
      .where("id")
      .anyOf([...previousStatus.keys()])
      .filter((record) => record.status === "syncing")
      .toArray();
    for (const record of unanswered) {
      const previous = previousStatus.get(record.id);
      await db.outbox.update(record.id, {
        status: previous === "blocked" ? "blocked" : "pending",
        attempts: record.attempts + 1,
      });
    }
    return unanswered.length;
  });
}

/**
 * Acknowledged records leave the device per the cache settings (spec 001 §9): at once with autoCleanAfterSync,
 * otherwise after keepSyncedDataDays; a conflict stays retentionDays so the user can see it.
 */
export async function cleanSyncedRecords(userId: string, now: Date = new Date()): Promise<number> {
  const settings = readCacheSettings();
  const synced = await offlineDb().outbox.where("[ownerKey+status]").equals([userId, "synced"]).toArray();
  const expired = synced.filter((record) => {
    const age = now.getTime() - Date.parse(record.syncedAt ?? record.updatedAt);
    if (record.conflict) return age >= settings.retentionDays * DAY_MS;
    return settings.autoCleanAfterSync || age >= settings.keepSyncedDataDays * DAY_MS;
  });
  // A failed write (quota) costs only the offline map's copy of them, never the cleaning.
  await keepSyncedOnMap(expired).catch(() => undefined);
  await deleteRecords(expired.map((record) => record.id));
  return expired.length;
}
