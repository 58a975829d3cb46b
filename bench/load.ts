/**
 * `npm run bench -- load [--collectors N] [--seconds S] [--interval MS] [--processes P]`: N collectors (default 200)
 * of one owner's application sync at once for a fixed time, each as the web client does: batches of 5 records, a
 * photo with every 10th record (uploaded before the batch that references it), one request at a time per collector.
 * Without `--interval` each collector sends its next batch as soon as the last is answered (closed loop: the figures
 * are the server's capacity, and latency grows with the queue); with it, each starts a batch every MS milliseconds
 * (or at once when late), starts spread over the first interval, as phones emptying their outboxes do. With
 * `--processes P` (PostgreSQL only) P server processes share the database, collector i talking to process i mod P,
 * as behind a load balancer; RSS and CPU are then their sums.
 * The server runs in its own process (the built bundle, as `npm start`), so its RSS is measured apart from the
 * clients. Prints requests/s, records/s, latency percentiles, errors (non-2xx, network errors, client timeouts of
 * 30 s), and records acknowledged vs stored, which must be equal.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import { benchCall, withBenchDatabase, type BenchSession } from "./bench-server.ts";
import { atServer, createBenchTeam, type BenchTeam } from "./collectors.ts";
import { localPostgresCpuMs, startServerProcess, type ServerProcess } from "./server-process.ts";
import { answersFor, fieldAt, outboxRecord } from "./survey.ts";
import { jpegBytes, sha256 } from "../server/test-support/fixtures/sync-fixtures.ts";
import type { SyncRecordResult } from "../shared/submissions/sync-schemas.ts";

const OWNER_EMAIL = "bench-owner@campo.bench";
const BATCH = 5;
const PHOTO_EVERY = 10;
const PHOTO_BYTES = 100 * 1024;
const CLIENT_TIMEOUT_MS = 30_000;

type RequestKind = "sync" | "upload";

interface Tally {
  latencies: number[];
  /** The same latencies by kind of request: where the tail comes from. */
  byKind: Record<RequestKind, number[]>;
  errors: Map<string, number>;
  acknowledged: number;
  records: number;
}

function fail(tally: Tally, kind: string): void {
  tally.errors.set(kind, (tally.errors.get(kind) ?? 0) + 1);
}

/** One request, timed; answers the response or undefined after counting the error. */
async function timed(tally: Tally, kind: RequestKind, session: BenchSession, pathname: string, init: RequestInit) {
  const started = performance.now();
  const record = () => {
    const latency = performance.now() - started;
    tally.latencies.push(latency);
    tally.byKind[kind].push(latency);
  };
  try {
    const response = await benchCall(session, pathname, { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const body = await response.text();
    record();
    if (!response.ok) {
      fail(tally, `http_${response.status}`);
      return undefined;
    }
    return body;
  } catch (error) {
    record();
    fail(tally, error instanceof Error && error.name === "TimeoutError" ? "client_timeout" : "network");
    return undefined;
  }
}

async function collect(
  team: BenchTeam,
  collector: number,
  pacing: { until: number; intervalMs: number },
  tally: Tally,
): Promise<void> {
  const session = team.collectors[collector]!;
  const photoField = fieldAt(team.fields, 11).id;
  let sequence = 0;
  let next = performance.now() + Math.random() * pacing.intervalMs;
  while (performance.now() < pacing.until) {
    await setTimeout(Math.max(0, next - performance.now()));
    next += pacing.intervalMs;
    const records = [];
    for (let k = 0; k < BATCH; k++, sequence++) {
      // Varied but valid answers and locations (survey.ts moves 1/10,000 of a degree per record).
      const i = (collector * 997 + sequence) % 100_000;
      const record = outboxRecord(team.applicationId, answersFor(team.fields, i), i);
      if (sequence % PHOTO_EVERY === PHOTO_EVERY - 1) {
        const bytes = jpegBytes(PHOTO_BYTES, collector * 1_000_000 + sequence);
        const hash = sha256(bytes);
        const uploaded = await timed(tally, "upload", session, `/api/attachments/${hash}`, {
          method: "PUT",
          headers: { "content-type": "image/jpeg" },
          body: new Uint8Array(bytes),
        });
        if (uploaded === undefined) continue;
        const { attachmentId } = JSON.parse(uploaded) as { attachmentId: string };
        record.answers[photoField] = { attachmentId, sha256: hash, contentType: "image/jpeg" };
      }
      records.push({ ...record, id: randomUUID() });
    }
    tally.records += records.length;
    const body = await timed(tally, "sync", session, "/api/sync", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ records }),
    });
    if (body === undefined) continue;
    const { results } = JSON.parse(body) as { results: SyncRecordResult[] };
    tally.acknowledged += results.filter(({ status }) => status === "created" || status === "duplicate").length;
    const refused = results.find(({ status }) => status !== "created" && status !== "duplicate");
    if (refused) fail(tally, `record_${refused.status}`);
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function storedCount(owner: BenchSession, applicationId: string): Promise<number> {
  const response = await benchCall(owner, `/api/applications/${applicationId}/records?limit=1`);
  if (!response.ok) throw new Error(`records list failed: ${response.status}`);
  return ((await response.json()) as { total: number }).total;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      collectors: { type: "string", default: "200" },
      seconds: { type: "string", default: "30" },
      interval: { type: "string", default: "0" },
      processes: { type: "string", default: "1" },
    },
  });
  const collectorCount = Number(values.collectors);
  const seconds = Number(values.seconds);
  const intervalMs = Number(values.interval);
  const processCount = Number(values.processes);
  await withBenchDatabase("load", OWNER_EMAIL, async (database) => {
    console.log(`setting up ${collectorCount} collectors (invite, sign-up) …`);
    const team = await createBenchTeam(database, OWNER_EMAIL, collectorCount);
    if (processCount > 1 && database.kind !== "postgres")
      throw new Error("--processes needs PostgreSQL (PGlite is one process)");
    const servers: ServerProcess[] = [];
    for (let i = 0; i < processCount; i++) servers.push(await startServerProcess(database.env, { build: i === 0 }));
    const measured = {
      ...atServer(team, servers[0]!.url),
      collectors: team.collectors.map((session, i) => ({ ...session, base: servers[i % processCount]!.url })),
    };
    const sum = (read: (server: ServerProcess) => number) => servers.reduce((total, server) => total + read(server), 0);
    let peakRss = sum((server) => server.rssMb());
    const sampler = setInterval(
      () =>
        (peakRss = Math.max(
          peakRss,
          sum((server) => server.rssMb()),
        )),
      100,
    );
    const tally: Tally = {
      latencies: [],
      byKind: { sync: [], upload: [] },
      errors: new Map(),
      acknowledged: 0,
      records: 0,
    };
    try {
      console.log(
        `load: ${collectorCount} collectors for ${seconds} s against ${servers.map((server) => server.url).join(", ")}`,
      );
      const started = performance.now();
      const cpuBefore = sum((server) => server.cpuMs());
      const clientCpuBefore = process.cpuUsage();
      const databaseCpuBefore = database.kind === "postgres" ? localPostgresCpuMs() : undefined;
      const pacing = { until: started + seconds * 1000, intervalMs };
      await Promise.all(measured.collectors.map((_, index) => collect(measured, index, pacing, tally)));
      const elapsed = (performance.now() - started) / 1000;
      const serverCpuMs = sum((server) => server.cpuMs()) - cpuBefore;
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const databaseCpuAfter = databaseCpuBefore === undefined ? undefined : localPostgresCpuMs();
      const stored = await storedCount(measured.owner, measured.applicationId);
      const sorted = tally.latencies.sort((a, b) => a - b);
      const errors = [...tally.errors.values()].reduce((sum, count) => sum + count, 0);
      const perRequest = (ms: number) => Number((ms / Math.max(1, sorted.length)).toFixed(1));
      const cpu = {
        server: perRequest(serverCpuMs),
        client: perRequest((clientCpu.user + clientCpu.system) / 1000),
        // PGlite runs inside the server process: its CPU is the server's.
        database:
          databaseCpuBefore === undefined || databaseCpuAfter === undefined
            ? 0
            : perRequest(databaseCpuAfter - databaseCpuBefore),
      };
      // What this machine's cores could answer if the server, the database and this load generator used all of them
      // at these costs per request; in a closed loop no server on it can then answer faster on average than
      // collectors / that rate (Little's law).
      const cpuBoundRate = (os.availableParallelism() * 1000) / (cpu.server + cpu.client + cpu.database);
      const figures = {
        benchmark: "load",
        database: database.kind,
        collectors: collectorCount,
        processes: processCount,
        interval_ms: intervalMs,
        seconds: Number(elapsed.toFixed(1)),
        requests: sorted.length,
        requests_per_second: Math.round(sorted.length / elapsed),
        records_per_second: Math.round(tally.acknowledged / elapsed),
        p50_ms: Math.round(percentile(sorted, 50)),
        p90_ms: Math.round(percentile(sorted, 90)),
        p99_ms: Math.round(percentile(sorted, 99)),
        max_ms: Math.round(sorted.at(-1) ?? 0),
        sync_p99_ms: Math.round(
          percentile(
            tally.byKind.sync.sort((a, b) => a - b),
            99,
          ),
        ),
        upload_p99_ms: Math.round(
          percentile(
            tally.byKind.upload.sort((a, b) => a - b),
            99,
          ),
        ),
        errors,
        error_kinds: Object.fromEntries(tally.errors),
        sent: tally.records,
        acknowledged: tally.acknowledged,
        stored,
        peak_rss_mb: Math.round(peakRss),
        server_cpu_ms_per_request: cpu.server,
        client_cpu_ms_per_request: cpu.client,
        database_cpu_ms_per_request:
          database.kind === "postgres" && databaseCpuBefore !== undefined ? cpu.database : null,
        cores: os.availableParallelism(),
        cpu_bound_requests_per_second: Math.round(cpuBoundRate),
        closed_loop_mean_floor_ms: intervalMs > 0 ? null : Math.round((collectorCount / cpuBoundRate) * 1000),
      };
      console.log("");
      for (const [key, value] of Object.entries(figures)) console.log(`${key.padEnd(20)} ${JSON.stringify(value)}`);
      console.log(`acknowledged == stored: ${tally.acknowledged === stored ? "yes" : "NO"}`);
      console.log(JSON.stringify(figures));
    } finally {
      clearInterval(sampler);
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
}
