import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";
import { HttpClient } from "./test-support/http-client.ts";
import { registration } from "./test-support/fixtures/account-fixtures.ts";

const VITE_DEV_ORIGIN = "http://localhost:5173";

describe("trusted origins", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const signOutFrom = (origin: string) =>
    new HttpClient(server!.url).request("/api/auth/sign-out", { method: "POST", json: {}, headers: { origin } });

  it("refuses the Vite dev origin unless the dev script asked for it (CAMPO_DEV=1), whatever NODE_ENV says", async () => {
    server = await startTestServer({ env: { NODE_ENV: "development" } });
    const refused = await signOutFrom(VITE_DEV_ORIGIN);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("CSRF_REJECTED");
  });

  it("trusts the Vite dev origin under npm run dev", async () => {
    server = await startTestServer({ env: { CAMPO_DEV: "1" } });
    expect((await signOutFrom(VITE_DEV_ORIGIN)).status).toBe(200);
  });

  it("with the default public URL, trusts both loopback names: an account can be made at 127.0.0.1", async () => {
    server = await startTestServer();
    const loopback = server.url.replace("localhost", "127.0.0.1");
    expect(loopback).not.toBe(server.url);
    const client = new HttpClient(loopback);
    const response = await client.post("/api/account/register", registration());
    expect(response.status).toBe(201);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
