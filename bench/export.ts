/**
 * `npm run bench -- export [--records N]`: N synthetic records (default: runs of 10,000 and 100,000) of a 12-field
 * form are generated inside the database (one INSERT … SELECT generate_series per run), then each export format is
 * downloaded from a real server and timed. The server runs in its own process, as `npm start` runs it; peak_mb is
 * that process's resident memory, sampled every 20 ms during each download. Also timed at the largest N: the
 * list's first page and the map data.
 *
 * The peer: PostgreSQL's own `COPY (SELECT … the same columns, same rows, same order) TO STDOUT WITH CSV`, run in
 * the same run — by psql on PostgreSQL (its output read through a pipe), by PGlite's `COPY … TO '/dev/blob'` on PGlite.
 * csv_vs_copy = csv_s / copy_s, each the median of three runs (lower is better; the target is under 3).
 *
 * PostgreSQL of DATABASE_URL when set (a fresh database, dropped after), else PGlite in a temporary folder. PGlite
 * has no cross-process locking, so the server is stopped while this process generates the records (and runs the
 * PGlite COPY), then started again on the same folder for the downloads.
 */
import { spawn } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../server/db/client.ts";
import { benchCall, benchSignUp, withBenchDatabase, type BenchDatabase, type BenchSession } from "./bench-server.ts";
import { startServerProcess, type ServerProcess } from "./server-process.ts";
import { EXPORT_FORMATS, type ExportFormat } from "../shared/records/record-filter.ts";

const OWNER_EMAIL = "bench-export@campo.bench";
const DEFAULT_SIZES = [10_000, 100_000];

interface Field {
  id: string;
  fieldType: string;
  label: string;
}

const FORM = [
  { fieldType: "text", label: "Nome do entrevistado" },
  { fieldType: "text", label: "Observações", config: { format: "textarea" } },
  { fieldType: "number", label: "Idade", config: { format: "integer" } },
  { fieldType: "number", label: "Renda (R$)", config: { format: "currency" } },
  { fieldType: "date", label: "Data da visita" },
  { fieldType: "yes_no", label: "Possui água encanada?" },
  { fieldType: "single_choice", label: "Tipo de moradia", config: { options: ["Casa", "Apartamento", "Outro"] } },
  {
    fieldType: "multiple_choice",
    label: "Serviços disponíveis",
    config: { options: ["Luz", "Internet", "Esgoto", "Coleta de lixo"] },
  },
  { fieldType: "email", label: "E-mail" },
  { fieldType: "phone", label: "Telefone" },
  { fieldType: "time", label: "Hora da visita" },
  { fieldType: "url", label: "Página" },
].map((field, position) => ({ config: {}, ...field, position }));

export async function createForm(
  session: BenchSession,
  name: string,
): Promise<{ applicationId: string; fields: Field[] }> {
  const response = await benchCall(session, "/api/applications", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, visibility: "team", active: true, fields: FORM }),
  });
  if (response.status !== 201)
    throw new Error(`create application failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { application: { id: string; ownerId: string }; fields: Field[] };
  return { applicationId: body.application.id, fields: body.fields };
}

/** N records in one statement: answers built by jsonb_build_object over generate_series, 1 record a second apart. */
export async function generateRecords(
  db: Db,
  applicationId: string,
  ownerId: string,
  fields: Field[],
  count: number,
): Promise<void> {
  const id = (i: number) => {
    const field = fields[i];
    if (!field) throw new Error(`The export form has no field ${i}`);
    return field.id;
  };
  await db.execute(sql`
    insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash, latitude, longitude, location_accuracy, client_created_at, created_at, updated_at)
    select gen_random_uuid(), ${applicationId}::uuid, ${ownerId}::uuid, ${ownerId}::uuid,
      jsonb_build_object(
        ${id(0)}::text, 'Entrevistado ' || g,
        ${id(1)}::text, 'Visita ' || g || ': moradores receptivos, "acesso" pela estrada de terra, ponto de referência próximo à escola',
        ${id(2)}::text, 18 + g % 70,
        ${id(3)}::text, round((500 + (g % 5000) * 1.37)::numeric, 2),
        ${id(4)}::text, to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'),
        ${id(5)}::text, g % 3 <> 0,
        ${id(6)}::text, (array['Casa','Apartamento','Outro'])[1 + g % 3],
        ${id(7)}::text, to_jsonb((array['Luz','Internet','Esgoto','Coleta de lixo'])[1:1 + g % 4]),
        ${id(8)}::text, 'pessoa' || g || '@exemplo.com.br',
        ${id(9)}::text, '+55 11 9' || lpad((10000000 + g)::text, 8, '0'),
        ${id(10)}::text, lpad((g % 24)::text, 2, '0') || ':' || lpad((g % 60)::text, 2, '0'),
        ${id(11)}::text, 'https://exemplo.com.br/casa/' || g),
      md5(g::text), -23.5 - (g % 1000) / 1000.0, -46.6 - (g / 1000) / 1000.0, 5 + g % 20,
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
      timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`analyze form_submissions`);
}

/** The peer's SELECT: the export's columns (answers as PostgreSQL prints them), same rows, same order. */
function copySelect(applicationId: string, fields: Field[]): string {
  const answers = fields.map((field) => `s.answers ->> '${field.id}'`).join(", ");
  return `select s.id, s.created_at, s.updated_at, u.name, u.email, s.latitude, s.longitude, s.location_accuracy, ${answers}
          from form_submissions s left join users u on u.id = s.submitter_id
          where s.application_id = '${applicationId}' order by s.created_at, s.id`;
}

async function copySeconds(
  database: Database,
  databaseUrl: string | undefined,
  select: string,
): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const result = await client.query(`copy (${select}) to '/dev/blob' with csv`);
    return { seconds: (performance.now() - started) / 1000, bytes: result.blob?.size ?? 0 };
  }
  const bytes = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      "psql",
      [databaseUrl!, "-X", "-q", "-c", `\\copy (${select.replace(/\s+/g, " ")}) to stdout with csv`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let total = 0;
    child.stdout.on("data", (chunk: Buffer) => (total += chunk.length));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(total) : reject(new Error(`psql exited with ${code}`))));
  });
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** The server's peak RSS while `work` runs, sampled every 20 ms, and its RSS just before it started. */
export async function withPeakRss<T>(
  server: ServerProcess,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; beforeMb: number }> {
  const before = server.rssMb();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  try {
    const result = await work();
    peak = Math.max(peak, server.rssMb());
    return { result, peakMb: peak, beforeMb: before };
  } finally {
    clearInterval(timer);
  }
}

async function timedExport(
  server: ServerProcess,
  session: BenchSession,
  applicationId: string,
  format: ExportFormat,
): Promise<{ seconds: number; bytes: number; peakMb: number; beforeMb: number }> {
  const { result, peakMb, beforeMb } = await withPeakRss(server, async () => {
    const started = performance.now();
    const response = await benchCall(session, `/api/applications/${applicationId}/export.${format}`);
    if (response.status !== 200 || !response.body) throw new Error(`export ${format} failed: ${response.status}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
    return { seconds: (performance.now() - started) / 1000, bytes };
  });
  return { ...result, peakMb, beforeMb };
}

/** The run with the median time of `times` runs. */
async function medianOf<T extends { seconds: number }>(times: number, run: () => Promise<T>): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < times; i++) runs.push(await run());
  const median = runs.sort((a, b) => a.seconds - b.seconds)[Math.floor(times / 2)];
  if (!median) throw new RangeError("medianOf needs at least one run");
  return median;
}

async function medianMs(times: number, work: () => Promise<void>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;
}

async function expectOk(response: Response): Promise<void> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

function parseSizes(args: string[]): number[] {
  const at = args.indexOf("--records");
  if (at === -1) return DEFAULT_SIZES;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error("--records needs a positive whole number");
  return [value];
}

interface RunFigures {
  records: number;
  generate_s: number;
  csv_s: number;
  copy_s: number;
  csv_vs_copy: number;
  xlsx_s: number;
  kml_s: number;
  geojson_s: number;
  peak_mb: number;
  /** Largest RSS growth during one export over the RSS just before it (PGlite's in-process database sits in the baseline). */
  peak_growth_mb: number;
  /** The server's RSS just before each download and its peak during it, MB. */
  rss_by_format: Record<ExportFormat, { before_mb: number; peak_mb: number }>;
  csv_mb: number;
  xlsx_mb: number;
  list_first_page_ms: number;
  map_data_ms: number;
}

interface Prepared {
  records: number;
  applicationId: string;
  generateSeconds: number;
  copy: { seconds: number; bytes: number };
}

/** Records and the COPY peer, with the server stopped (PGlite allows one process at a time). */
async function generateAll(
  bench: BenchDatabase,
  ownerId: string,
  forms: { records: number; applicationId: string; fields: Field[] }[],
): Promise<Prepared[]> {
  const database = await openDatabase({ databaseUrl: bench.databaseUrl, dataDir: bench.dataDir });
  try {
    const prepared: Prepared[] = [];
    for (const form of forms) {
      const started = performance.now();
      await generateRecords(database.db, form.applicationId, ownerId, form.fields, form.records);
      const generateSeconds = (performance.now() - started) / 1000;
      const copy = await medianOf(3, () =>
        copySeconds(database, bench.databaseUrl, copySelect(form.applicationId, form.fields)),
      );
      prepared.push({ records: form.records, applicationId: form.applicationId, generateSeconds, copy });
    }
    return prepared;
  } finally {
    await database.close();
  }
}

async function measure(server: ServerProcess, session: BenchSession, run: Prepared): Promise<RunFigures> {
  const { applicationId, records, copy } = run;
  // Warm-up: one whole download of each format (query plans, the JIT of the formatting code, the database's
  // cache), as on a server that has exported before; the measured downloads follow.
  for (const format of EXPORT_FORMATS)
    await expectOk(await benchCall(session, `/api/applications/${applicationId}/export.${format}`));
  const figures: Partial<Record<ExportFormat, { seconds: number; bytes: number; peakMb: number; beforeMb: number }>> =
    {};
  // CSV is compared with COPY, so both are the median of three runs; the other formats are timed once.
  for (const format of EXPORT_FORMATS)
    figures[format] = await medianOf(format === "csv" ? 3 : 1, () =>
      timedExport(server, session, applicationId, format),
    );
  const listMs = await medianMs(5, async () =>
    expectOk(await benchCall(session, `/api/applications/${applicationId}/records?limit=50`)),
  );
  // The data map's first request: the whole world, clustered (bench/map-view.ts times its other views).
  const mapMs = await medianMs(3, async () =>
    expectOk(await benchCall(session, `/api/applications/${applicationId}/records/map-view?zoom=3`)),
  );
  const csv = figures.csv!;
  console.log(
    `  ${records} records: done (COPY wrote ${(copy.bytes / 2 ** 20).toFixed(1)} MB, the CSV export ${(csv.bytes / 2 ** 20).toFixed(1)} MB)`,
  );
  return {
    records,
    generate_s: round(run.generateSeconds),
    csv_s: round(csv.seconds),
    copy_s: round(copy.seconds),
    csv_vs_copy: round(csv.seconds / copy.seconds, 2),
    xlsx_s: round(figures.xlsx!.seconds),
    kml_s: round(figures.kml!.seconds),
    geojson_s: round(figures.geojson!.seconds),
    peak_mb: Math.round(Math.max(...EXPORT_FORMATS.map((format) => figures[format]!.peakMb))),
    peak_growth_mb: Math.round(
      Math.max(...EXPORT_FORMATS.map((format) => figures[format]!.peakMb - figures[format]!.beforeMb)),
    ),
    rss_by_format: Object.fromEntries(
      EXPORT_FORMATS.map((format) => [
        format,
        { before_mb: Math.round(figures[format]!.beforeMb), peak_mb: Math.round(figures[format]!.peakMb) },
      ]),
    ) as RunFigures["rss_by_format"],
    csv_mb: round(csv.bytes / 2 ** 20, 1),
    xlsx_mb: round(figures.xlsx!.bytes / 2 ** 20, 1),
    list_first_page_ms: round(listMs, 1),
    map_data_ms: round(mapMs, 1),
  };
}

export async function run(args: string[]): Promise<void> {
  const sizes = parseSizes(args);
  await withBenchDatabase("export", OWNER_EMAIL, async (bench) => {
    console.log(
      "memory: peak RSS of the server's own process (dist-server/main.mjs, as npm start runs it), sampled every 20 ms",
    );
    let server = await startServerProcess(bench.env);
    try {
      const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench Export");
      const me = (await (await benchCall(session, "/api/me")).json()) as { user: { id: string } };
      const forms = [];
      for (const records of sizes) forms.push({ records, ...(await createForm(session, `Exportação ${records}`)) });
      await server.stop();
      const prepared = await generateAll(bench, me.user.id, forms);
      // A fresh server on the same database: the session (stored in the database) still signs the owner in.
      server = await startServerProcess(bench.env);
      const startedMb = Math.round(server.rssMb());
      console.log(`server RSS once started on the generated data, before any request: ${startedMb} MB`);
      const runs: RunFigures[] = [];
      for (const run of prepared) runs.push(await measure(server, { ...session, base: server.url }, run));
      printTable(runs);
      const largest = runs[runs.length - 1];
      console.log(
        JSON.stringify({ benchmark: "export", database: bench.kind, started_mb: startedMb, ...largest, runs }),
      );
    } finally {
      await server.stop();
    }
  });
}

function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}

function printTable(runs: RunFigures[]): void {
  const rows: [string, (run: RunFigures) => string][] = [
    ["records", (r) => String(r.records)],
    ["generate (INSERT … generate_series), s", (r) => r.generate_s.toFixed(2)],
    ["CSV export, s", (r) => r.csv_s.toFixed(2)],
    ["COPY … TO STDOUT WITH CSV, s", (r) => r.copy_s.toFixed(2)],
    ["csv_vs_copy (target < 3)", (r) => r.csv_vs_copy.toFixed(2)],
    ["XLSX export, s (target < 20)", (r) => r.xlsx_s.toFixed(2)],
    ["KML export, s", (r) => r.kml_s.toFixed(2)],
    ["GeoJSON export, s", (r) => r.geojson_s.toFixed(2)],
    ["peak RSS during exports, MB (target < 300)", (r) => String(r.peak_mb)],
    ["largest RSS growth during one export, MB", (r) => String(r.peak_growth_mb)],
    ...EXPORT_FORMATS.map((format): [string, (run: RunFigures) => string] => [
      `  ${format}: RSS before → peak, MB`,
      (r) => `${r.rss_by_format[format].before_mb} → ${r.rss_by_format[format].peak_mb}`,
    ]),
    ["CSV / XLSX size, MB", (r) => `${r.csv_mb} / ${r.xlsx_mb}`],
    ["list first page (50), ms median (target < 300)", (r) => r.list_first_page_ms.toFixed(1)],
    ["map data, ms median", (r) => r.map_data_ms.toFixed(1)],
  ];
  const width = 48;
  console.log("");
  console.log(["measure".padEnd(width), ...runs.map((r) => `N=${r.records}`.padStart(12))].join("  "));
  for (const [label, value] of rows.slice(1))
    console.log([label.padEnd(width), ...runs.map((r) => value(r).padStart(12))].join("  "));
  console.log("");
}
