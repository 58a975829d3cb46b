import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the receiver answered. */
  status: number;
}

/**
 * A local webhook receiver: records every POST and answers with `respond(request, index)` (200 by default).
 * `received(n)` resolves once n requests have arrived, so tests await deliveries instead of sleeping.
 */
export async function startWebhookReceiver(respond: (body: string, index: number) => number = () => 200): Promise<{
  url: string;
  requests: ReceivedWebhook[];
  received(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}> {
  const requests: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = respond(body, requests.length);
      requests.push({ headers: request.headers, body, status });
      response.writeHead(status).end();
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    received: async (count) => {
      if (requests.length < count) await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      return requests.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
