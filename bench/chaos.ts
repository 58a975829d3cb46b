/**
 * `npm run bench -- chaos`: 20 devices (collectors with their own sessions) send 1,000 records, each with a photo,
 * in batches of 5, while the server (its own process, the built bundle, on a fixed port) is killed with SIGKILL
 * twice and restarted, and its database connections are cut once. Each device keeps its outbox as the web client
 * does: a photo is uploaded before the record that references it, and whatever was not acknowledged (created or
 * duplicate) is sent again until it is. At the end the database is read directly: every record must be stored
 * exactly once, with its photo linked, and the owner's running storage sum (owner_usage, kept by triggers) must equal
 * the linked photos' bytes added up.
 *
 * The connection cut: on PostgreSQL, pg_terminate_backend of every connection of the server's database; on PGlite,
 * whose database runs in a worker thread of the server behind a wire-protocol server on 127.0.0.1, the server's
 * TCP connections to that port are destroyed with `ss -K` (the kernel closes them as a network failure would).
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import { queryRows } from "../server/db/query-rows.ts";
import { benchCall, withBenchDatabase, type BenchDatabase, type BenchSession } from "./bench-server.ts";
import { atServer, createBenchTeam, type BenchTeam } from "./collectors.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { answersFor, fieldAt, outboxRecord, type OutboxRecord } from "./survey.ts";
import { freePort } from "../server/test-support/free-port.ts";
import { jpegBytes, sha256 } from "../server/test-support/fixtures/sync-fixtures.ts";
import type { SyncRecordResult } from "../shared/submissions/sync-schemas.ts";

const OWNER_EMAIL = "bench-owner@campo.bench";
const DEVICES = 20;
const RECORDS = 1000;
const BATCH = 5;
const PHOTO_BYTES = 20 * 1024;
const REQUEST_TIMEOUT_MS = 15_000;
const RETRY_PAUSE_MS = 200;

interface OutboxItem {
  record: OutboxRecord;
  photo: Buffer;
  uploaded: boolean;
  acknowledged: boolean;
}

interface Totals {
  acknowledged: number;
  retries: number;
}

/**
 * A request that a dead or restarting server fails: answers the parsed JSON body, or undefined instead of throwing.
 * A server killed mid-answer can leave a 200 with a cut body: that is a failed attempt too, as for the app's client.
 */
async function attempt<T>(session: BenchSession, pathname: string, init: RequestInit): Promise<T | undefined> {
  try {
    const response = await benchCall(session, pathname, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.text();
    return response.ok ? (JSON.parse(body) as T) : undefined;
  } catch {
    return undefined;
  }
}

async function runDevice(session: BenchSession, outbox: OutboxItem[], photoField: string, totals: Totals) {
  const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  for (;;) {
    const batch = outbox.filter((item) => !item.acknowledged).slice(0, BATCH);
    if (batch.length === 0) return;
    let uploadsOk = true;
    for (const item of batch.filter((entry) => !entry.uploaded)) {
      const hash = sha256(item.photo);
      const uploaded = await attempt<{ attachmentId: string }>(session, `/api/attachments/${hash}`, {
        method: "PUT",
        headers: { "content-type": "image/jpeg" },
        body: new Uint8Array(item.photo),
      });
      if (uploaded === undefined) {
        uploadsOk = false;
        break;
      }
      item.record.answers[photoField] = {
        attachmentId: uploaded.attachmentId,
        sha256: hash,
        contentType: "image/jpeg",
      };
      item.uploaded = true;
    }
    const answer = uploadsOk
      ? await attempt<{ results: SyncRecordResult[] }>(session, "/api/sync", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ records: batch.map((item) => item.record) }),
        })
      : undefined;
    if (answer === undefined) {
      totals.retries++;
      await pause();
      continue;
    }
    for (const result of answer.results) {
      const item = batch.find((entry) => entry.record.id === result.id);
      if (item && !item.acknowledged && (result.status === "created" || result.status === "duplicate")) {
        item.acknowledged = true;
        totals.acknowledged++;
      } else if (result.status !== "created" && result.status !== "duplicate")
        throw new Error(`record ${result.id} answered ${result.status} (${result.reason ?? ""})`);
    }
  }
}

/** The TCP sockets the process holds (IPv4, from /proc: the namespace's table filtered by the process's inodes). */
function tcpSocketsOf(pid: number): { local: number; remote: number; state: string }[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed between the listing and the read
    }
  }
  const port = (address: string | undefined) => parseInt(address?.split(":")[1] ?? "0", 16);
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => inodes.has(cols[9] ?? ""))
    .map((cols) => ({ local: port(cols[1]), remote: port(cols[2]), state: cols[3] ?? "" }));
}

const LISTEN = "0A";
const ESTABLISHED = "01";

async function cutDatabaseConnections(database: BenchDatabase, server: ServerProcess, httpPort: number) {
  if (database.databaseUrl) {
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    const { rows } = await admin.query<{ cut: boolean }>(
      "select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    await admin.end();
    return rows.length;
  }
  const sockets = tcpSocketsOf(server.pid);
  // The embedded database's port: the one the server process listens on besides its HTTP port.
  const databasePort = sockets.find(({ state, local }) => state === LISTEN && local !== httpPort)?.local;
  if (databasePort === undefined) throw new Error("the server process listens on no database port");
  const clients = sockets.filter(({ state, remote }) => state === ESTABLISHED && remote === databasePort);
  for (const { local } of clients)
    execFileSync("ss", ["-K", "dst", `127.0.0.1:${databasePort}`, "src", `127.0.0.1:${local}`]);
  return clients.length;
}

async function countStored(database: BenchDatabase, applicationId: string, ids: readonly string[]) {
  const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    const owner = sql`(select owner_id from applications where id = ${applicationId})`;
    const [row] = await queryRows<{
      stored: number;
      known: number;
      linked: number;
      counted_bytes: string;
      added_up_bytes: string;
    }>(
      opened.db,
      sql`select count(*)::int as stored,
        count(*) filter (where s.id = any(${`{${ids.join(",")}}`}::uuid[]))::int as known,
        (select count(*)::int from attachment_links l join form_submissions f on f.id = l.submission_id
          where f.application_id = ${applicationId}) as linked,
        (select coalesce(max(storage_bytes), 0)::text from owner_usage where owner_id = ${owner}) as counted_bytes,
        (select coalesce(sum(bytes), 0)::text from (
          select distinct on (a.sha256) a.bytes from attachments a
          join attachment_links l on l.attachment_id = a.id
          join form_submissions f on f.id = l.submission_id
          where f.owner_id = ${owner}) linked_media) as added_up_bytes
      from form_submissions s where s.application_id = ${applicationId}`,
    );
    if (!row) throw new Error("no count");
    return {
      stored: row.stored,
      known: row.known,
      linked: row.linked,
      storageBytes: Number(row.counted_bytes),
      storageBytesAddedUp: Number(row.added_up_bytes),
    };
  } finally {
    await opened.close();
  }
}

function outboxOf(team: BenchTeam, device: number): OutboxItem[] {
  const perDevice = RECORDS / DEVICES;
  return Array.from({ length: perDevice }, (_, k) => {
    const i = device * perDevice + k;
    return {
      record: { ...outboxRecord(team.applicationId, answersFor(team.fields, i), i), id: randomUUID() },
      photo: jpegBytes(PHOTO_BYTES, 1 + i),
      uploaded: false,
      acknowledged: false,
    };
  });
}

export async function run(): Promise<void> {
  await withBenchDatabase("chaos", OWNER_EMAIL, async (database) => {
    const team = await createBenchTeam(database, OWNER_EMAIL, DEVICES);
    const httpPort = await freePort();
    const env = { ...database.env, PORT: String(httpPort) };
    let server = await startServerProcess(env);
    const devices = atServer(team, server.url);
    const outboxes = devices.collectors.map((_, device) => outboxOf(devices, device));
    const ids = outboxes.flat().map((item) => item.record.id);
    const totals: Totals = { acknowledged: 0, retries: 0 };
    const events: string[] = [];
    const log = (event: string) => {
      events.push(`${totals.acknowledged} acknowledged: ${event}`);
      console.log(events.at(-1));
    };
    const photoField = fieldAt(devices.fields, 11).id;
    const started = performance.now();
    const sending = Promise.all(
      devices.collectors.map((session, device) => runDevice(session, outboxes[device]!, photoField, totals)),
    );
    const when = async (acknowledged: number) => {
      while (totals.acknowledged < acknowledged) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const restart = async () => {
      await server.crash();
      log(`server killed (SIGKILL, pid ${server.pid})`);
      server = await startServerProcess(env, { build: false });
      log(`server restarted (pid ${server.pid})`);
    };
    await when(RECORDS * 0.25);
    await restart();
    await when(RECORDS * 0.5);
    log(`database connections cut: ${await cutDatabaseConnections(database, server, httpPort)}`);
    await when(RECORDS * 0.75);
    await restart();
    await sending;
    const seconds = (performance.now() - started) / 1000;
    await server.stop();
    const { stored, known, linked, storageBytes, storageBytesAddedUp } = await countStored(
      database,
      team.applicationId,
      ids,
    );
    const figures = {
      benchmark: "chaos",
      database: database.kind,
      devices: DEVICES,
      sent: ids.length,
      acknowledged: totals.acknowledged,
      stored,
      duplicates: stored - known,
      missing: ids.length - known,
      photos_linked: linked,
      storage_bytes: storageBytes,
      storage_bytes_added_up: storageBytesAddedUp,
      retries: totals.retries,
      seconds: Number(seconds.toFixed(1)),
    };
    console.log("");
    for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(24)} ${value}`);
    console.log(JSON.stringify(figures));
  });
}
