/**
 * `npm run bench -- sync`: one client sends 1,000 outbox records in batches of 100 (as the web client does),
 * then 100 records with a 1 MB photo each (upload, then sync), to a server on PostgreSQL (DATABASE_URL; a fresh
 * database is created there and dropped after) or on PGlite in a temporary folder.
 *
 * insert_vs_plain = plain_insert_seconds / sync_insert_seconds (higher is better; 1 = as fast as a bare INSERT):
 *   sync_insert_seconds  the server's insert phase of every batch, summed from the Server-Timing header: the
 *                        per-owner transaction with the limit check, the multi-row INSERT … ON CONFLICT DO NOTHING
 *                        RETURNING, the attachment links and the commit;
 *   plain_insert_seconds the same rows (fresh ids) written with plain multi-row INSERTs of 100 into
 *                        form_submissions on the same database, each right after the sync batch it copies
 *                        (interleaved, so both see the same machine load and table size).
 * `seconds` is the client-side time of the 10 sync requests (the interleaved peer inserts are not in it).
 * end_to_end_vs_plain compares the same plain figure with the whole client-side time (HTTP, session, validation).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { requireRow } from "../server/db/require-row.ts";
import { applications, attachmentLinks, formSubmissions } from "../server/db/schema/index.ts";
import { benchCall, benchSignUp, withBenchServer, type BenchSession } from "./bench-server.ts";
import { answersFor, createSurvey, fieldAt, outboxRecord, type OutboxRecord } from "./survey.ts";
import { jpegBytes, sha256 } from "../server/test-support/fixtures/sync-fixtures.ts";
import { SYNC_BATCH_MAX, type SyncRecordResult } from "../shared/submissions/sync-schemas.ts";

const RECORDS = 1000;
const PHOTO_RECORDS = 100;
const PHOTO_BYTES = 1024 * 1024;
const OWNER_EMAIL = "bench-owner@campo.bench";

interface BatchFigures {
  results: SyncRecordResult[];
  insertMs: number;
}

async function postBatch(session: BenchSession, records: unknown[]): Promise<BatchFigures> {
  const response = await benchCall(session, "/api/sync", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ records }),
  });
  if (response.status !== 200) throw new Error(`sync failed: ${response.status} ${await response.text()}`);
  const timing = /insert;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  return {
    results: ((await response.json()) as { results: SyncRecordResult[] }).results,
    insertMs: Number(timing?.[1] ?? 0),
  };
}

interface SyncFigures {
  acknowledged: number;
  /** Client-side time of the sync requests only. */
  seconds: number;
  insertMs: number;
  plainSeconds: number;
}

/**
 * The web client's order: records leave in batches of 100, one request at a time. With `plain`, each batch is
 * followed by the peer's INSERT of the same rows, so both see the same machine load and table size.
 */
async function syncAll(
  session: BenchSession,
  records: OutboxRecord[],
  plain?: (batch: OutboxRecord[]) => Promise<number>,
): Promise<SyncFigures> {
  const figures: SyncFigures = { acknowledged: 0, seconds: 0, insertMs: 0, plainSeconds: 0 };
  for (let start = 0; start < records.length; start += SYNC_BATCH_MAX) {
    const batch = records.slice(start, start + SYNC_BATCH_MAX);
    const started = performance.now();
    const { results, insertMs } = await postBatch(session, batch);
    figures.seconds += (performance.now() - started) / 1000;
    figures.insertMs += insertMs;
    figures.acknowledged += results.filter(
      (result) => result.status === "created" || result.status === "duplicate",
    ).length;
    if (plain) figures.plainSeconds += await plain(batch);
  }
  return figures;
}

async function countSubmissions(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(eq(formSubmissions.applicationId, applicationId));
  return requireRow(row, "count records").count;
}

/** The peer: the same rows with fresh ids, written by one bare multi-row INSERT. */
async function plainInsert(db: Db, rows: (typeof formSubmissions.$inferInsert)[]): Promise<number> {
  const started = performance.now();
  await db.insert(formSubmissions).values(rows);
  return (performance.now() - started) / 1000;
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
}

export async function run(): Promise<void> {
  await withBenchServer("sync", OWNER_EMAIL, async (server) => {
    const db = server.context.database.db;
    const kind = server.context.database.kind;

    const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench");
    const warmupFields = await createSurvey(session, "Aquecimento");
    const fields = await createSurvey(session, "Pesquisa domiciliar");
    const { applicationId } = fieldAt(fields, 0);
    const warmupApplicationId = fieldAt(warmupFields, 0).applicationId;

    const [application] = await db
      .select({ ownerId: applications.ownerId })
      .from(applications)
      .where(eq(applications.id, applicationId));
    const { ownerId } = requireRow(application, "find application");
    // The peer writes into the warm-up application, so the measured application holds exactly the synced records.
    const plainRows = (batch: OutboxRecord[]) =>
      batch.map((record) => ({
        id: randomUUID(),
        applicationId: warmupApplicationId,
        ownerId,
        submitterId: ownerId,
        answers: record.answers,
        payloadHash: randomBytes(32).toString("hex"),
        latitude: record.location.latitude,
        longitude: record.location.longitude,
        locationAccuracy: record.location.accuracy,
        locationTimestamp: new Date(record.location.timestamp),
        clientCreatedAt: new Date(record.clientCreatedAt),
      }));
    const peer = (batch: OutboxRecord[]) => plainInsert(db, plainRows(batch));

    // Warm both paths (JIT, plans, caches) outside the measured runs.
    await syncAll(
      session,
      Array.from({ length: SYNC_BATCH_MAX }, (_, i) =>
        outboxRecord(warmupApplicationId, answersFor(warmupFields, i), i),
      ),
      peer,
    );

    const records = Array.from({ length: RECORDS }, (_, i) => outboxRecord(applicationId, answersFor(fields, i), i));
    const synced = await syncAll(session, records, peer);
    const { seconds, plainSeconds } = synced;
    const stored = await countSubmissions(db, applicationId);

    // 100 records with a 1 MB photo each: every photo is uploaded first, then the records go in one batch.
    const photoField = fieldAt(fields, 11).id;
    const photoStarted = performance.now();
    const photoRecords = [];
    for (let i = 0; i < PHOTO_RECORDS; i++) {
      const bytes = jpegBytes(PHOTO_BYTES, i + 1);
      const hash = sha256(bytes);
      const response = await benchCall(session, `/api/attachments/${hash}`, {
        method: "PUT",
        headers: { "content-type": "image/jpeg" },
        body: new Uint8Array(bytes),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`upload failed: ${response.status} ${await response.text()}`);
      const { attachmentId, contentType } = (await response.json()) as { attachmentId: string; contentType: string };
      photoRecords.push(
        outboxRecord(
          applicationId,
          { ...answersFor(fields, RECORDS + i), [photoField]: { attachmentId, sha256: hash, contentType } },
          i,
        ),
      );
    }
    const uploadSeconds = (performance.now() - photoStarted) / 1000;
    const photoSynced = await syncAll(session, photoRecords);
    const photoSeconds = (performance.now() - photoStarted) / 1000;
    const [links] = await db
      .select({ linked: sql<number>`count(*)::int` })
      .from(attachmentLinks)
      .innerJoin(formSubmissions, eq(formSubmissions.id, attachmentLinks.submissionId))
      .where(eq(formSubmissions.applicationId, applicationId));
    const { linked } = requireRow(links, "count links");

    const syncInsertSeconds = synced.insertMs / 1000;
    const figures = {
      benchmark: "sync",
      database: kind,
      records: RECORDS,
      acknowledged: synced.acknowledged,
      stored,
      seconds: Number(seconds.toFixed(3)),
      records_per_second: Math.round(RECORDS / seconds),
      sync_insert_seconds: Number(syncInsertSeconds.toFixed(3)),
      server_insert_rate: Math.round(RECORDS / syncInsertSeconds),
      plain_insert_seconds: Number(plainSeconds.toFixed(3)),
      plain_insert_rate: Math.round(RECORDS / plainSeconds),
      insert_vs_plain: Number((plainSeconds / syncInsertSeconds).toFixed(3)),
      end_to_end_vs_plain: Number((plainSeconds / seconds).toFixed(3)),
      photo_records: PHOTO_RECORDS,
      photo_acknowledged: photoSynced.acknowledged,
      photos_linked: linked,
      photo_upload_seconds: Number(uploadSeconds.toFixed(3)),
      photo_seconds: Number(photoSeconds.toFixed(3)),
      photo_mb_per_second: Number(((PHOTO_RECORDS * PHOTO_BYTES) / 2 ** 20 / uploadSeconds).toFixed(1)),
    };

    const widths = [44, 14];
    console.log("");
    console.log(pad(["measure", "value"], widths));
    console.log(pad(["-".repeat(44), "-".repeat(14)], widths));
    const rows: [string, string][] = [
      ["records sent (10 batches of 100)", String(RECORDS)],
      ["acknowledged (created or duplicate)", String(synced.acknowledged)],
      ["stored in form_submissions", String(stored)],
      ["seconds until all acknowledged", seconds.toFixed(2)],
      ["records per second, end to end", String(figures.records_per_second)],
      ["server insert phase, seconds (Server-Timing)", syncInsertSeconds.toFixed(3)],
      ["server insert rate, records/s", String(figures.server_insert_rate)],
      ["plain multi-row INSERT, seconds", plainSeconds.toFixed(3)],
      ["plain insert rate, records/s", String(figures.plain_insert_rate)],
      ["insert_vs_plain (plain / sync insert)", figures.insert_vs_plain.toFixed(2)],
      ["end_to_end_vs_plain (plain / end to end)", figures.end_to_end_vs_plain.toFixed(2)],
      ["photo records (1 MB each)", String(PHOTO_RECORDS)],
      ["photo records acknowledged", String(photoSynced.acknowledged)],
      ["photos linked to stored records", String(linked)],
      ["photo uploads, seconds", uploadSeconds.toFixed(2)],
      ["photo upload throughput, MB/s", figures.photo_mb_per_second.toFixed(1)],
      ["photos uploaded and records synced, seconds", photoSeconds.toFixed(2)],
    ];
    for (const row of rows) console.log(pad(row, widths));
    console.log(
      `targets: all ${RECORDS} acknowledged in < 10 s: ${synced.acknowledged === RECORDS && seconds < 10 ? "met" : "NOT met"}; insert_vs_plain ≥ 0.5: ${figures.insert_vs_plain >= 0.5 ? "met" : "NOT met"}`,
    );
    console.log(JSON.stringify(figures));
  });
}
