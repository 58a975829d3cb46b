/**
 * `npm run bench -- webhooks`: 10,000 record.created events (the outbox's sync batches of 100) delivered by the job
 * queue to a local receiver that answers 204, on PostgreSQL (DATABASE_URL, a fresh database) or on PGlite.
 *
 * delivered              distinct events the receiver got (by Campo-Event-Id)
 * duplicates             requests for an event it already had
 * lost                   events never received (10,000 − delivered)
 * deliveries_per_second  delivered / seconds from the first sync request to the last delivery
 * p99_delay_ms           99th percentile of (receipt time − the event's occurredAt)
 * Peer: none published for Kobo's REST services or ODK; Survey123 documents no throughput either.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { startServer } from "../server/server.ts";
import { benchCall, benchSignUp, withBenchDatabase } from "./bench-server.ts";
import { SYNC_BATCH_MAX } from "../shared/submissions/sync-schemas.ts";

const EVENTS = 10_000;
const OWNER_EMAIL = "bench-owner@campo.bench";
/** Gives up when no delivery arrives for this long (the figures then report what was lost). */
const STALL_MS = 60_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function run(): Promise<void> {
  const seen = new Map<string, number>();
  const delays: number[] = [];
  let duplicates = 0;
  let lastReceipt = 0;
  let onProgress = () => {};
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const now = Date.now();
      const id = String(request.headers["campo-event-id"]);
      if (seen.has(id)) duplicates++;
      else {
        if ((seen.size + 1) % 1000 === 0) console.log(`… ${seen.size + 1} delivered`);
        const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { occurredAt: string };
        seen.set(id, now);
        delays.push(now - Date.parse(payload.occurredAt));
      }
      lastReceipt = now;
      response.writeHead(204).end();
      onProgress();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/campo`;

  await withBenchDatabase("webhooks", OWNER_EMAIL, async (database) => {
    const server = await startServer({
      env: { ...database.env, PORT: "0", LOG_LEVEL: "error", WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1" },
    });
    try {
      const session = await benchSignUp(server.url, OWNER_EMAIL, "Bench");
      const json = { "content-type": "application/json" };
      const created = await benchCall(session, "/api/applications", {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          name: "Webhooks bench",
          visibility: "team",
          active: true,
          fields: [
            { fieldType: "text", label: "Nome", position: 0, config: { required: true } },
            { fieldType: "number", label: "Idade", position: 1, config: { format: "integer" } },
          ],
        }),
      });
      const form = (await created.json()) as { application: { id: string }; fields: { id: string }[] };
      const [name, age] = form.fields;
      if (!name || !age) throw new Error(`create application failed: ${created.status}`);
      const endpoint = await benchCall(session, `/api/applications/${form.application.id}/webhooks`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ url: receiverUrl, events: ["record.created"] }),
      });
      if (endpoint.status !== 201) throw new Error(`create endpoint failed: ${endpoint.status}`);

      const started = Date.now();
      for (let offset = 0; offset < EVENTS; offset += SYNC_BATCH_MAX) {
        const records = Array.from({ length: Math.min(SYNC_BATCH_MAX, EVENTS - offset) }, (_, index) => ({
          id: randomUUID(),
          applicationId: form.application.id,
          answers: { [name.id]: `Pessoa ${offset + index}`, [age.id]: 30 },
          location: null,
          clientCreatedAt: new Date().toISOString(),
        }));
        const response = await benchCall(session, "/api/sync", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ records }),
        });
        if (!response.ok) throw new Error(`sync failed: ${response.status}`);
        if ((offset + SYNC_BATCH_MAX) % 2000 === 0) console.log(`… ${offset + SYNC_BATCH_MAX} synced`);
      }
      const synced = Date.now();
      await new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, STALL_MS);
        onProgress = () => {
          clearTimeout(timer);
          if (seen.size >= EVENTS) resolve();
          else timer = setTimeout(resolve, STALL_MS);
        };
        onProgress();
      });
      const seconds = (lastReceipt - started) / 1000;
      delays.sort((a, b) => a - b);
      const figures = {
        benchmark: "webhooks",
        database: database.kind,
        events: EVENTS,
        delivered: seen.size,
        duplicates,
        lost: EVENTS - seen.size,
        sync_seconds: Number(((synced - started) / 1000).toFixed(2)),
        seconds: Number(seconds.toFixed(2)),
        deliveries_per_second: Number((seen.size / seconds).toFixed(1)),
        p50_delay_ms: percentile(delays, 50),
        p99_delay_ms: percentile(delays, 99),
      };
      console.table([figures]);
      console.log(JSON.stringify(figures));
    } finally {
      await server.close();
      receiver.closeAllConnections();
      receiver.close();
    }
  });
}
