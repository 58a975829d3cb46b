/**
 * `npm run bench -- odata [--records N] [--page-size P]`: N synthetic records (default 100,000) of the export
 * benchmark's 12-field form, then the whole OData feed (`Records`) read page by page, following @odata.nextLink as
 * Excel and Power BI do, with an API token in Basic auth. Times the whole read (median of three, after one warm-up
 * read), checks that every record came exactly once, and samples the server process's RSS every 20 ms (peak_mb;
 * peak_growth_mb over the RSS just before the read). The server runs in its own process, as `npm start` runs it.
 *
 * PostgreSQL of DATABASE_URL when set (a fresh database, dropped after), else PGlite in a temporary folder (the
 * server is stopped while this process generates the records: PGlite has no cross-process locking).
 */
import { openDatabase } from "../server/db/client.ts";
import { createTestApiToken } from "../server/test-support/fixtures/api-token-fixtures.ts";
import { benchCall, benchSignUp, withBenchDatabase } from "./bench-server.ts";
import { createForm, generateRecords, withPeakRss } from "./export.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";

const OWNER_EMAIL = "bench-odata@campo.bench";

function flag(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number`);
  return value;
}

interface Read {
  seconds: number;
  pages: number;
  records: number;
  duplicates: number;
  bytes: number;
}

/** The whole feed, page after page; every id counted once. */
async function readFeed(
  base: string,
  applicationId: string,
  token: string,
  pageSize: number | undefined,
): Promise<Read> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`bench:${token}`).toString("base64")}`,
  };
  if (pageSize !== undefined) headers.prefer = `odata.maxpagesize=${pageSize}`;
  const seen = new Set<string>();
  let duplicates = 0;
  let pages = 0;
  let bytes = 0;
  const started = performance.now();
  let next: string | undefined = `${base}/api/odata/applications/${applicationId}/Records`;
  while (next) {
    const response = await fetch(next, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${next}: ${response.status} ${text.slice(0, 300)}`);
    bytes += text.length;
    const page = JSON.parse(text) as { value: { __id: string }[]; "@odata.nextLink"?: string };
    for (const entity of page.value) {
      if (seen.has(entity.__id)) duplicates++;
      seen.add(entity.__id);
    }
    pages++;
    next = page["@odata.nextLink"];
  }
  return { seconds: (performance.now() - started) / 1000, pages, records: seen.size, duplicates, bytes };
}

async function measure(server: ServerProcess, applicationId: string, token: string, pageSize: number | undefined) {
  await readFeed(server.url, applicationId, token, pageSize);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const { result, peakMb, beforeMb } = await withPeakRss(server, () =>
      readFeed(server.url, applicationId, token, pageSize),
    );
    runs.push({ ...result, peakMb, beforeMb });
  }
  const median = runs.sort((a, b) => a.seconds - b.seconds)[1];
  if (!median) throw new Error("no run");
  return {
    ...median,
    peakMb: Math.max(...runs.map((run) => run.peakMb)),
    growthMb: Math.max(...runs.map((run) => run.peakMb - run.beforeMb)),
  };
}

export async function run(args: string[]): Promise<void> {
  const records = flag(args, "--records", 100_000);
  const pageSize = args.includes("--page-size") ? flag(args, "--page-size", 1) : undefined;
  await withBenchDatabase("odata", OWNER_EMAIL, async (bench) => {
    let server = await startServerProcess(bench.env);
    try {
      const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench OData");
      const me = (await (await benchCall(session, "/api/me")).json()) as { user: { id: string } };
      const form = await createForm(session, `Feed OData ${records}`);
      await server.stop();
      const database = await openDatabase({ databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
      let token: string;
      const started = performance.now();
      try {
        await generateRecords(database.db, form.applicationId, me.user.id, form.fields, records);
        token = (
          await createTestApiToken(database.db, me.user.id, [{ applicationId: form.applicationId, access: "read" }])
        ).token;
      } finally {
        await database.close();
      }
      const generateSeconds = (performance.now() - started) / 1000;
      server = await startServerProcess(bench.env, { build: false });
      const startedMb = Math.round(server.rssMb());
      const read = await measure(server, form.applicationId, token, pageSize);
      if (read.records !== records || read.duplicates !== 0)
        throw new Error(
          `read ${read.records} distinct records with ${read.duplicates} duplicates, expected ${records}`,
        );
      const figures = {
        benchmark: "odata",
        database: bench.kind,
        records,
        page_size: pageSize ?? "default",
        pages: read.pages,
        generate_s: round(generateSeconds),
        read_s: round(read.seconds),
        records_per_second: Math.round(records / read.seconds),
        feed_mb: round(read.bytes / 2 ** 20, 1),
        started_mb: startedMb,
        peak_mb: Math.round(read.peakMb),
        peak_growth_mb: Math.round(read.growthMb),
        duplicates: read.duplicates,
        missing: records - read.records,
      };
      console.log(`  ${records} records in ${read.pages} pages: ${figures.read_s} s, peak RSS ${figures.peak_mb} MB`);
      console.log(JSON.stringify(figures));
    } finally {
      await server.stop();
    }
  });
}

function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}
