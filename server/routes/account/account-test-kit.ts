import { HttpClient } from "../../test-support/http-client.ts";
import type { TestServer } from "../../test-support/test-server.ts";

/** Test servers for account tests trust X-Forwarded-For, so each client gets its own rate-limit bucket. */
export const ACCOUNT_TEST_ENV = { TRUST_PROXY: "true" };

let nextAddress = 1;

/** A browser-like client from its own IP address: rate limits of one test do not spill into another. */
export class ClientFromAddress extends HttpClient {
  readonly address = `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  override request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    return super.request(pathname, { ...init, headers });
  }
}

export function clientFor(server: TestServer): ClientFromAddress {
  return new ClientFromAddress(server.url);
}

export { registration } from "../../test-support/registration.ts";
