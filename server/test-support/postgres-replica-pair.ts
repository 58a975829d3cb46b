import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port.ts";

const run = promisify(execFile);

export interface PostgresReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs one statement on the replica as superuser (pause or resume its WAL replay). */
  onReplica(statement: string): Promise<void>;
  /** Resolves once the replica has replayed everything the primary has written so far. */
  replicaCaughtUp(): Promise<void>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's newest PostgreSQL (`/usr/lib/postgresql/<version>/bin`), as `.ci/run` uses. */
function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL under ${root}: apt-get install postgresql`);
  return path.join(root, newest, "bin");
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A real primary and a streaming replica (`pg_basebackup -R`) on 127.0.0.1, in a temporary folder, for tests.
 * PostgreSQL refuses to run as root, so as root (CI) the clusters run as the `postgres` user.
 */
export async function startPostgresReplicaPair(): Promise<PostgresReplicaPair> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "campo-replica-"));
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    chownSync(dir, Number(stdout.trim()), -1);
  }
  const pgRun = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryData = path.join(dir, "primary");
  const replicaData = path.join(dir, "replica");
  const start = (data: string, port: number) =>
    pgRun("pg_ctl", [
      "-D",
      data,
      "-l",
      `${data}.log`,
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
      "start",
    ]);
  const stopCluster = async (data: string) => {
    // Already stopped is fine: stop() follows stopReplica() in tests.
    await pgRun("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
  };

  await pgRun("initdb", ["-D", primaryData, "-U", "campo", "--auth=trust", "--no-sync"]);
  await start(primaryData, primaryPort);
  try {
    await pgRun("pg_basebackup", [
      ...["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "campo"],
      ...["-D", replicaData, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
    ]);
    await start(replicaData, replicaPort);
  } catch (error) {
    await stopCluster(primaryData);
    throw error;
  }

  const primaryUrl = `postgres://campo@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://campo@127.0.0.1:${replicaPort}/postgres`;
  return {
    primaryUrl,
    replicaUrl,
    onReplica: (statement) => withClient(replicaUrl, async (client) => void (await client.query(statement))),
    async replicaCaughtUp() {
      const target = await withClient(primaryUrl, async (client) => {
        const { rows } = await client.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
        return rows[0]!.lsn;
      });
      // Replay has no notification to wait on: ask until it reports the position (bounded by the test's timeout).
      await withClient(replicaUrl, async (client) => {
        for (;;) {
          const { rows } = await client.query<{ done: boolean }>(
            "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done",
            [target],
          );
          if (rows[0]?.done) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
    },
    stopReplica: () => stopCluster(replicaData),
    async stop() {
      await stopCluster(replicaData);
      await stopCluster(primaryData);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
