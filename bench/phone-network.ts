/**
 * A phone's network in front of a local server, for benches that measure what a user waits for: every request waits
 * one round trip before it is forwarded, and every response body shares one link of `kbps` (a byte queue paced in
 * time, so six parallel downloads share it as on a real link). It speaks plain HTTP/1.1, as the browser to the server.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as pause } from "node:timers/promises";

export interface PhoneNetwork {
  url: string;
  /** Requests and response bytes that went through. */
  stats(): { requests: number; bytes: number };
  close(): Promise<void>;
}

export async function startPhoneNetwork(
  target: string,
  { rttMs, kbps }: { rttMs: number; kbps: number },
): Promise<PhoneNetwork> {
  const origin = new URL(target);
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let linkFreeAt = 0;
  let requests = 0;
  let bytes = 0;
  /** When a chunk of `size` bytes has crossed the shared link (chunks queue behind each other). */
  const transmit = (size: number) => {
    linkFreeAt = Math.max(performance.now(), linkFreeAt) + size / bytesPerMs;
    return pause(linkFreeAt - performance.now());
  };

  const proxy = http.createServer((request, response) => {
    requests++;
    void (async () => {
      await pause(rttMs);
      const upstream = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          void (async () => {
            for await (const chunk of answer as AsyncIterable<Buffer>) {
              // 16 KB at a time, so a large file does not hold the link in one burst.
              for (let offset = 0; offset < chunk.length; offset += 16_384) {
                const part = chunk.subarray(offset, offset + 16_384);
                await transmit(part.length);
                bytes += part.length;
                response.write(part);
              }
            }
            response.end();
          })().catch(() => response.destroy());
        },
      );
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    })();
  });
  proxy.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => proxy.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    stats: () => ({ requests, bytes }),
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
