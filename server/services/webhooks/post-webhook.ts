import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhooksConfig } from "../../config.ts";
import { WEBHOOK_TIMEOUT_MS } from "../../../shared/integrations/webhook-events.ts";
import { resolveTarget } from "./webhook-target.ts";

export interface PostOutcome {
  /** The receiver's status code; null when no answer came (refused target, network error, timeout). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

const MAX_ERROR_LENGTH = 500;

/**
 * POSTs the body once. The host is resolved and checked here, and the connection goes to that checked address;
 * redirects are not followed (a 3xx is a failed attempt); the whole exchange has WEBHOOK_TIMEOUT_MS.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  config: WebhooksConfig,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  let resolved: { address: string; family: 4 | 6 };
  try {
    target = new URL(url);
    resolved = await resolveTarget(target, config);
  } catch (error) {
    return { status: null, durationMs: elapsed(), error: errorText(error) };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === "https:" ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const request = client.request(
      target,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        // The answer's body is not kept: drain it so the socket closes.
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? null, durationMs: elapsed(), error: null }));
        response.on("error", (error) =>
          resolve({ status: response.statusCode ?? null, durationMs: elapsed(), error: errorText(error) }),
        );
      },
    );
    request.on("error", (error) => resolve({ status: null, durationMs: elapsed(), error: errorText(error) }));
    request.end(body);
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}
