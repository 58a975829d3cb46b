import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { BODY_CAP_RULES, DEFAULT_BODY_CAP } from "../routes/body-caps.ts";
import { registration } from "../test-support/fixtures/account-fixtures.ts";
import { PUBLIC_AUTH_ENDPOINTS } from "../../shared/accounts/auth-endpoints.ts";

const MB = 1024 * 1024;
/** What a server that read the whole body would receive; a capped one stops reading far earlier. */
const SENT_AT_MOST = 64 * MB;
/** Socket buffers on both ends hold a few MB the server never read; anything past this was read. */
const SLACK = 16 * MB;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface ChunkedResult {
  status: number;
  code: string | undefined;
  written: number;
}

/** Streams an endless JSON body with Transfer-Encoding: chunked until the server answers (or SENT_AT_MOST is sent). */
function sendChunked(baseUrl: string, method: string, path: string, cookie = ""): Promise<ChunkedResult> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const contentType = path === "/api/support" ? "multipart/form-data; boundary=campo" : "application/json";
    const headers: Record<string, string> = {
      "content-type": contentType,
      "transfer-encoding": "chunked",
      ...(cookie ? { cookie } : {}),
    };
    const request = http.request(url, { method, headers });
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        request.destroy();
        let code: string | undefined;
        try {
          code = (JSON.parse(Buffer.concat(parts).toString("utf8")) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        resolve({ status: response.statusCode ?? 0, code, written });
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, "x");
    const pump = () => {
      while (!answered && written < SENT_AT_MOST) {
        if (written === 0) request.write('{"padding":"');
        written += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end('"}');
    };
    pump();
  });
}

function capOf(method: string, path: string) {
  return BODY_CAP_RULES.find((rule) => rule.method === method && rule.path.test(path)) ?? DEFAULT_BODY_CAP;
}

describe("every /api body is capped as it streams", () => {
  let server: TestServer;
  let routes: { method: string; path: string }[];
  let ownerCookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    const registered = await fetch(`${server.url}/api/account/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registration()),
    });
    ownerCookie = registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const concrete = (path: string) =>
      path.replace(/:([A-Za-z0-9]+)/g, (_, name: string) => (name === "sha256" ? "a".repeat(64) : randomUUID()));
    const seen = new Set<string>();
    routes = server.app.routes
      .filter((route) => BODY_METHODS.has(route.method) && route.path.startsWith("/api/") && route.path !== "/api/*")
      .flatMap((route) =>
        route.path === "/api/auth/*"
          ? PUBLIC_AUTH_ENDPOINTS.POST.map((name) => ({ method: route.method, path: `/api/auth${name}` }))
          : [{ method: route.method, path: concrete(route.path) }],
      )
      .filter((route) => {
        const key = `${route.method} ${route.path.replace(/[0-9a-f-]{36}/g, ":id")}`;
        return !seen.has(key) && Boolean(seen.add(key));
      });
  });
  afterAll(() => server.stop());

  it("finds the body routes in the app's route table", () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toContain("POST /api/contact");
    expect(paths).toContain("POST /api/auth/sign-in/email");
    expect(paths).toContain("POST /api/sync");
    expect(routes.length).toBeGreaterThan(15);
  });

  /** Routes that read the body for a signed-in caller even with made-up ids: the cap must answer there. */
  const READS_BODY = new Set([
    "POST /api/contact",
    "POST /api/support",
    "POST /api/sync",
    `PUT /api/attachments/${"a".repeat(64)}`,
    "POST /api/applications",
    "POST /api/account/register",
    "PATCH /api/account/profile",
    "DELETE /api/account",
    "POST /api/team/invites",
    "POST /api/invites/accept",
  ]);

  for (const caller of ["anonymous", "signed in"] as const) {
    it(`answers a chunked oversize body on every route, ${caller}, without reading past the route's cap`, async () => {
      for (const route of routes) {
        const label = `${route.method} ${route.path}`;
        const cap = capOf(route.method, route.path);
        const result = await sendChunked(
          server.url,
          route.method,
          route.path,
          caller === "signed in" ? ownerCookie : "",
        );
        expect
          .soft(result.written, `${label} had ${result.written} bytes read`)
          .toBeLessThanOrEqual(cap.maxBytes + SLACK);
        expect.soft(result.status, label).toBeLessThan(500);
        const reachesBody =
          label.startsWith("POST /api/auth/") ||
          label === "POST /api/contact" ||
          (caller === "signed in" && READS_BODY.has(label));
        if (reachesBody) expect.soft([result.status, result.code], label).toEqual([413, cap.code ?? "BODY_TOO_LARGE"]);
      }
    });
  }

  it("keeps the server's memory flat while four oversize bodies stream in parallel", async () => {
    const before = process.memoryUsage().rss;
    const results = await Promise.all(
      ["/api/contact", "/api/auth/sign-in/email", "/api/applications", "/api/sync"].map((path) =>
        sendChunked(server.url, "POST", path, ownerCookie),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([413, 413, 413, 413]);
    // Whole bodies would be 4 × 64 MB; capped ones cost at most a few MB each.
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * MB);
  });

  /** Writes raw bytes and answers everything the server sent back until it closed the connection (it always does here). */
  function rawRequest(head: string, body: Buffer): Promise<string> {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        socket.write(Buffer.concat([Buffer.from(head), body])),
      );
      const parts: Buffer[] = [];
      socket.on("data", (part: Buffer) => parts.push(part));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(parts).toString("latin1")));
    });
  }

  // A declared length is trusted (no counting stream), so a request must not be able to declare one and send more.
  it("refuses a body that declares a length and is chunked too, before any handler", async () => {
    const oversize = Buffer.alloc(capOf("POST", "/api/contact").maxBytes + 1024, "x");
    const chunked = Buffer.concat([
      Buffer.from(`${oversize.length.toString(16)}\r\n`),
      oversize,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    const answer = await rawRequest(
      `POST /api/contact HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\n` +
        "content-type: application/json\r\ncontent-length: 10\r\ntransfer-encoding: chunked\r\n\r\n",
      chunked,
    );
    expect(answer).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });
});
