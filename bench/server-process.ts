import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { buildServer, SERVER_BUNDLE } from "../scripts/build-server.ts";
import { PROJECT_ROOT } from "../server/project-root.ts";

export interface ServerProcess {
  url: string;
  pid: number;
  /** The process's resident memory now, from /proc (Linux), in MB. */
  rssMb(): number;
  /** CPU time the process has used so far (user + system, all its threads), from /proc (Linux), in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or an out-of-memory kill would; resolves once it is gone. */
  crash(): Promise<void>;
}

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function readCpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/PID/stat (utime, stime) in clock ticks, counted after the command's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time used so far by every PostgreSQL process of this machine (the postmaster, backends, WAL writer…), in ms, or
 * undefined when none is visible (a database on another machine). Processes that ended meanwhile are not counted, so
 * read it while the server's connections stay open.
 */
export function localPostgresCpuMs(): number | undefined {
  let total: number | undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      total = (total ?? 0) + readCpuMs(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/**
 * Campo's server as `npm start` runs it (the built dist-server/main.mjs, rebuilt here from the current source unless
 * `build: false` asks for the bundle as `npm run build` left it), in its own process, so its memory is measured apart
 * from the benchmark's client. Resolves once it logs the address it listens on (any free port unless `env.PORT` names one).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { build?: boolean } = {},
): Promise<ServerProcess> {
  if (options.build ?? true) await buildServer();
  else if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under the benchmark's load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: "0", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      const listening = /Campo listening on (\S+?)"/.exec(line)?.[1];
      if (listening) resolve(listening);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  const pid = child.pid!;
  return {
    url,
    pid,
    rssMb: () => readRssMb(pid),
    cpuMs: () => readCpuMs(pid),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    crash: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}
