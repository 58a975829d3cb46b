/**
 * `npm run bench -- public-link [--visitors N] [--seconds S] [--bits B] [--bots K]`: N anonymous visitors (default
 * 500) answer one public link at a steady pace over S seconds (default 25), each from its own address as a browser
 * does: read the form, get a challenge, solve it (B bits, default 12 here to spare the benchmark's CPU; the
 * server's default is 16), send one record. Meanwhile K bots (default 50) post records without solving the challenge,
 * and one address floods the challenge endpoint. Prints the p50/p99 of the record requests, records stored (the
 * owner's data API, which must equal the visitors), bot requests refused (428 without proof, 429 rate limited), the
 * server's CPU time per visitor and the machine's load average. The server runs in its own process (the built bundle,
 * as `npm start` runs it): the visitors' proofs of work and fetches in this process do not slow it down.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import { benchCall, benchSignUp, withBenchDatabase, type BenchSession } from "./bench-server.ts";
import { startServerProcess } from "./server-process.ts";
import { sha256 } from "../server/test-support/fixtures/public-link-fixtures.ts";
import { solveProof } from "../shared/public-links/proof-of-work.ts";
import { PROOF_HEADER, type ProofChallengeDto, type PublicLinkDto } from "../shared/public-links/public-link-dtos.ts";
import type { SyncRecordResult } from "../shared/submissions/sync-schemas.ts";

const OWNER_EMAIL = "bench-links@campo.bench";

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function visitorCall(base: string, from: string, pathname: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", base);
  headers.set("x-forwarded-for", from);
  // A pooled keep-alive connection the server closed just as it was reused fails the fetch: every visitor request is
  // safe to resend (a record's id makes its resend a duplicate), as the browser's outbox would.
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(base + pathname, { ...init, headers });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      visitors: { type: "string", default: "500" },
      seconds: { type: "string", default: "25" },
      bits: { type: "string", default: "12" },
      bots: { type: "string", default: "50" },
    },
  });
  const visitors = Number(values.visitors);
  const seconds = Number(values.seconds);
  const bots = Number(values.bots);
  await withBenchDatabase("public-link", OWNER_EMAIL, async (database) => {
    // The server runs in its own process, so the visitors' fetches and proofs of work do not share its event loop.
    const server = await startServerProcess({
      ...database.env,
      TRUST_PROXY: "true",
      PUBLIC_LINK_POW_BITS: values.bits,
      PUBLIC_LINK_PER_MINUTE: String(Math.max(1200, visitors * 4)),
    });
    try {
      const base = server.url;
      const owner: BenchSession = await benchSignUp(base, OWNER_EMAIL, "Bench owner");
      const created = await benchCall(owner, "/api/applications", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Pesquisa pública",
          visibility: "team",
          active: true,
          fields: [
            { fieldType: "text", label: "Bairro", position: 0, config: { required: true } },
            { fieldType: "number", label: "Nota", position: 1, config: { minValue: 0, maxValue: 10 } },
          ],
        }),
      });
      const { application, fields } = (await created.json()) as {
        application: { id: string };
        fields: { id: string }[];
      };
      const linked = await benchCall(owner, `/api/applications/${application.id}/public-links`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Bench" }),
      });
      const { link } = (await linked.json()) as { link: PublicLinkDto };
      const path = `/api/public/links/${link.token}`;

      const latencies: number[] = [];
      const errors = new Map<string, number>();
      const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
      let acknowledged = 0;

      const visit = async (n: number) => {
        const from = address(n + 1);
        const form = await visitorCall(base, from, path);
        if (!form.ok) return fail(`form_${form.status}`);
        await form.arrayBuffer();
        const challengeResponse = await visitorCall(base, from, `${path}/challenge`);
        if (!challengeResponse.ok) return fail(`challenge_${challengeResponse.status}`);
        const { challenge, difficulty } = (await challengeResponse.json()) as ProofChallengeDto;
        const proof = `${challenge}.${await solveProof(challenge, difficulty, sha256)}`;
        const record = {
          id: randomUUID(),
          applicationId: application.id,
          answers: { [fields[0]!.id]: `Bairro ${n % 40}`, [fields[1]!.id]: n % 11 },
          clientCreatedAt: new Date().toISOString(),
        };
        const started = performance.now();
        const response = await visitorCall(base, from, `${path}/sync`, {
          method: "POST",
          headers: { "content-type": "application/json", [PROOF_HEADER]: proof },
          body: JSON.stringify({ deviceId: randomUUID(), records: [record] }),
        });
        const text = await response.text();
        latencies.push(performance.now() - started);
        if (!response.ok) return fail(`sync_${response.status}`);
        const { results } = JSON.parse(text) as { results: SyncRecordResult[] };
        if (results[0]?.status === "created" || results[0]?.status === "duplicate") acknowledged++;
        else fail(`record_${results[0]?.status ?? "none"}`);
      };

      let refused = 0;
      let botRequests = 0;
      const bot = async (n: number) => {
        botRequests++;
        const response = await visitorCall(base, address(200_000 + n), `${path}/sync`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            deviceId: randomUUID(),
            records: [
              {
                id: randomUUID(),
                applicationId: application.id,
                answers: { [fields[0]!.id]: "spam" },
                clientCreatedAt: new Date().toISOString(),
              },
            ],
          }),
        });
        await response.arrayBuffer();
        if (response.status === 428 || response.status === 429) refused++;
      };
      // One address hammering the challenge endpoint: past the per-address limit it gets 429s.
      const flood = async () => {
        for (let i = 0; i < 100; i++) {
          botRequests++;
          const response = await visitorCall(base, address(250_000), `${path}/challenge`);
          await response.arrayBuffer();
          if (response.status === 429) refused++;
        }
      };

      console.log(`${visitors} visitors over ${seconds} s through one link, ${values.bits}-bit proof of work …`);
      const spacing = (seconds * 1000) / visitors;
      const cpuBefore = server.cpuMs();
      const started = performance.now();
      const running: Promise<unknown>[] = [flood()];
      for (let n = 0; n < visitors; n++) {
        await setTimeout(Math.max(0, started + n * spacing - performance.now()));
        // A visitor whose requests all failed is counted, not allowed to end the run.
        running.push(visit(n).catch(() => fail("network")));
        if (bots > 0 && n % Math.max(1, Math.floor(visitors / bots)) === 0) running.push(bot(n));
      }
      await Promise.all(running);
      const elapsed = (performance.now() - started) / 1000;
      const serverCpuMs = server.cpuMs() - cpuBefore;

      const page = await benchCall(owner, `/api/applications/${application.id}/records?limit=1`);
      const stored = ((await page.json()) as { total: number }).total;
      const sorted = latencies.sort((a, b) => a - b);
      const figures = {
        visitors,
        seconds: Number(elapsed.toFixed(1)),
        p50_ms: Number(percentile(sorted, 50).toFixed(1)),
        p99_ms: Number(percentile(sorted, 99).toFixed(1)),
        acknowledged,
        stored,
        lost: acknowledged - stored,
        bot_requests: botRequests,
        refused,
        errors: Object.fromEntries(errors),
        // What one visitor (form, challenge, record, and the bots' share) costs the server's process: its capacity on
        // one free core is 1000 / this many visitors a second, whatever the machine's load did to the latencies.
        server_cpu_ms_per_visitor: Number((serverCpuMs / visitors).toFixed(1)),
        load_average: Number(os.loadavg()[0]!.toFixed(1)),
      };
      console.table([{ ...figures, errors: JSON.stringify(figures.errors) }]);
      console.log(JSON.stringify(figures));
    } finally {
      await server.stop();
    }
  });
}
