/**
 * `npm run bench -- cold-start [--runs N]`: the built server (dist-server/main.mjs, rebuilt first, as `npm start`
 * runs it) started N times (default 3) on a fresh, empty data folder (PGlite: the database is created, migrated and
 * the job queue's tables made), timed from spawning the process to its first `200` on `/api/health`; then once more
 * on the folder the last run left (a restart: nothing to create). Prints each run and the median, in wall time and in
 * the CPU time the server's process (all its threads: PGlite runs in a worker) had used by then: on this shared
 * machine the wall time is mostly the other workers' load, the CPU time is the start's own cost.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildServer } from "../scripts/build-server.ts";
import { startServerProcess } from "./server-process.ts";
import { median } from "./median.ts";

async function timeToHealthy(dataDir: string): Promise<{ ms: number; cpuMs: number }> {
  const started = performance.now();
  const server = await startServerProcess(
    { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(24).toString("hex"), WEB_DIST: path.join(dataDir, "no-web") },
    { build: false },
  );
  try {
    const response = await fetch(`${server.url}/api/health`);
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
    await response.arrayBuffer();
    return { ms: performance.now() - started, cpuMs: server.cpuMs() };
  } finally {
    await server.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { runs: { type: "string", default: "3" } } });
  const runs = Number(values.runs);
  await buildServer();
  console.log(
    `cold start of dist-server/main.mjs on PGlite; machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "campo-bench-cold-start-"));
  const fresh: { ms: number; cpuMs: number }[] = [];
  let last = "";
  try {
    for (let i = 0; i < runs; i++) {
      if (last) rmSync(last, { recursive: true, force: true });
      last = dataDir();
      fresh.push(await timeToHealthy(last));
      const { ms, cpuMs } = fresh.at(-1)!;
      console.log(`  fresh data folder: ${Math.round(ms)} ms (${Math.round(cpuMs)} ms of CPU)`);
    }
    const restart = await timeToHealthy(last);
    console.log(`  restart on that folder: ${Math.round(restart.ms)} ms (${Math.round(restart.cpuMs)} ms of CPU)`);
    console.log(
      JSON.stringify({
        benchmark: "cold-start",
        database: "pglite",
        runs,
        fresh_ms: Math.round(median(fresh.map(({ ms }) => ms))),
        fresh_cpu_ms: Math.round(median(fresh.map(({ cpuMs }) => cpuMs))),
        fresh_runs_ms: fresh.map(({ ms }) => Math.round(ms)),
        restart_ms: Math.round(restart.ms),
        restart_cpu_ms: Math.round(restart.cpuMs),
        load_average: Number(os.loadavg()[0]?.toFixed(1)),
      }),
    );
  } finally {
    if (last) rmSync(last, { recursive: true, force: true });
  }
}
