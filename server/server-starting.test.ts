import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import PgBoss from "pg-boss";
import { connect } from "node:net";
import { startPgliteThread } from "./db/pglite-thread.ts";
import { startServer } from "./server.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";
import { STARTING_RETRY_AFTER_SECONDS } from "./starting-response.ts";

interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  body: string;
}

async function ask(port: number, method: "GET" | "POST", path: string): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    ...(method === "POST" ? { body: "{}", headers: { "Content-Type": "application/json" } } : {}),
  });
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.text(),
  };
}

describe("a server that is still starting", () => {
  const whileStarting: Answer[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      // Start waits for this hook before it opens the database: the port is bound, nothing else is ready.
      onListening: async (port) => {
        whileStarting.push(await ask(port, "GET", "/api/health"));
        whileStarting.push(await ask(port, "POST", "/api/sync"));
        whileStarting.push(await ask(port, "GET", "/"));
      },
    });
  });
  afterAll(() => server.stop());

  it("answers 503 with Retry-After (a catalogue error on /api) until it is ready, then serves", async () => {
    const unavailable = JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "The server is starting" } });
    const retryAfter = String(STARTING_RETRY_AFTER_SECONDS);
    expect(whileStarting).toEqual([
      { path: "/api/health", status: 503, retryAfter, body: unavailable },
      { path: "/api/sync", status: 503, retryAfter, body: unavailable },
      { path: "/", status: 503, retryAfter, body: "Campo is starting" },
    ]);
    const ready = await ask(server.port, "GET", "/api/health");
    expect(ready).toMatchObject({ status: 200, retryAfter: null });
    expect(JSON.parse(ready.body)).toMatchObject({ status: "ok" });
  });

  it("frees the port when start fails after binding it", async () => {
    let boundPort = 0;
    await expect(
      startTestServer({
        onListening: (port) => {
          boundPort = port;
          throw new Error("start refused");
        },
      }),
    ).rejects.toThrow("start refused");
    await expect(fetch(`http://127.0.0.1:${boundPort}/api/health`)).rejects.toThrow();
  });

  it("stops the embedded database started before it (main.ts) when start fails", async () => {
    const pglite = startPgliteThread(undefined, inject("pgliteTemplate"));
    await expect(
      startServer({
        env: { PORT: "0", DATABASE_URL: "memory://", AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789" },
        pglite,
        onListening: () => {
          throw new Error("start refused");
        },
      }),
    ).rejects.toThrow("start refused");
    // Its wire-protocol server is gone with it: nothing is left running (or holding a data folder).
    const port = await pglite.port;
    await expect(
      new Promise((resolve, reject) => connect(port, "127.0.0.1", () => resolve("connected")).once("error", reject)),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  it("serves reads before the job queue has started; a write waits for it, then sends its job", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const bossStart = PgBoss.prototype.start;
    const spy = vi.spyOn(PgBoss.prototype, "start").mockImplementation(async function (this: PgBoss) {
      await held;
      return bossStart.call(this);
    });
    let early: TestServer | undefined;
    try {
      early = await startTestServer();
      expect(await ask(early.port, "GET", "/api/health")).toMatchObject({ status: 200 });
      let written: Answer | undefined;
      const writing = ask(early.port, "POST", "/api/sync").then((answer) => (written = answer));
      let sent: string | null | undefined;
      const sending = early.context.jobs.send({ name: "email-outbox-sweep" }, {}).then((id) => (sent = id));
      // A read made after the write and the send is answered while both still wait.
      expect(await ask(early.port, "GET", "/api/health")).toMatchObject({ status: 200 });
      expect(written).toBeUndefined();
      expect(sent).toBeUndefined();
      release();
      // Signed out, the write is refused by the route itself once it runs: it was held, not refused as "starting".
      expect(await writing).toMatchObject({ status: 401 });
      await expect(sending).resolves.toMatch(/^[0-9a-f-]{36}$/);
      await expect(early.jobsStarted).resolves.toBeUndefined();
    } finally {
      release();
      spy.mockRestore();
      await early?.stop();
    }
  });
});
