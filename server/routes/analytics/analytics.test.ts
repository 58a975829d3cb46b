import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { analyticsEvents } from "../../db/schema/index.ts";
import { ANALYTICS_RATE_LIMIT } from "./analytics.ts";
import { MAX_ANALYTICS_BODY_BYTES } from "../../../shared/api/contracts/analytics.ts";
import { ANALYTICS_LIMITS } from "../../../shared/analytics/event-names.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IP = "198.51.100.77";

let nextAddress = 1;
/** Each test sends from its own address (TRUST_PROXY is on), so the rate limit of one does not leak into another. */
function browserHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "user-agent": BROWSER,
    "accept-language": "pt-BR,pt;q=0.9,en;q=0.8",
    "x-forwarded-for": `203.0.113.${nextAddress++}`,
    ...extra,
  };
}

const pageView = {
  name: "page_view",
  path: "/home",
  title: "Campo",
  referrer: "https://www.google.com/search?q=campo",
};

describe("POST /api/analytics", () => {
  let server: TestServer;
  const rows = () => server.context.database.db.select().from(analyticsEvents);
  const send = (body: unknown, headers = browserHeaders()) =>
    server.client().request("/api/analytics", { method: "POST", json: body, headers });

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "true", SUPER_ADMIN_EMAILS: "boss@campo.test" } });
  });
  afterAll(() => server?.stop());
  beforeEach(async () => {
    await server.context.database.db.delete(analyticsEvents);
  });

  it("stores a page view with the day's visitor id, path, referrer host, language and device, and answers 204", async () => {
    const response = await send({
      events: [pageView, { ...pageView, name: "cta_click", properties: { cta: "hero" } }],
    });
    expect(response.status).toBe(204);
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      name: "page_view",
      path: "/home",
      referrerHost: "www.google.com",
      language: "pt-BR",
      device: "desktop",
      userId: null,
      properties: { title: "Campo", location: "/home" },
    });
    expect(stored[0]!.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(stored[1]!.visitorId).toBe(stored[0]!.visitorId);
    expect(stored[1]!.properties).toMatchObject({ cta: "hero" });
  });

  it("stores no IP address and no e-mail anywhere in the row", async () => {
    const response = await send(
      {
        events: [
          {
            name: "contact_attempt",
            path: "/contact?email=maria%40example.com&ref=footer",
            title: "Contato de maria@example.com",
            properties: { from: "maria@example.com" },
          },
        ],
      },
      { ...browserHeaders(), "x-forwarded-for": IP, "user-agent": PHONE },
    );
    expect(response.status).toBe(204);
    const [row] = await rows();
    const text = JSON.stringify(row);
    expect(text).not.toContain(IP);
    expect(text).not.toContain("maria@example.com");
    expect(text).not.toContain("maria%40example.com");
    expect(row).toMatchObject({ device: "mobile", properties: { location: "/contact?ref=footer", from: "[email]" } });
  });

  it("cuts invite and reset tokens to 6 characters, in the query and in the path", async () => {
    const token = "AbCdEf0123456789abcdefghijklmnop";
    await send({
      events: [
        { name: "page_view", path: `/accept-invite?token=${token}` },
        { name: "page_view", path: `/reset-password?token=${token}&lang=en` },
        { name: "page_view", path: `/invite/${token}` },
      ],
    });
    const stored = await rows();
    expect(stored.map((row) => row.properties.location).sort()).toEqual([
      "/accept-invite?token=AbCdEf",
      "/invite/AbCdEf",
      "/reset-password?token=AbCdEf&lang=en",
    ]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("masks strings over 200 characters", async () => {
    const long = "x".repeat(500);
    await send({ events: [{ name: "feature_view", path: "/home", title: long, properties: { feature: long } }] });
    const [row] = await rows();
    expect(row!.properties.title).toBe(`${"x".repeat(20)}…[500 chars masked]`);
    expect(row!.properties.feature).toBe(`${"x".repeat(20)}…[500 chars masked]`);
  });

  it("keeps a signed-in user's id for the funnel", async () => {
    const client = server.client();
    const user = await client.signUp("funnel@campo.test");
    const response = await client.request("/api/analytics", {
      method: "POST",
      json: { events: [{ name: "form_created", path: "/applications/new" }] },
      headers: browserHeaders(),
    });
    expect(response.status).toBe(204);
    const [row] = await rows();
    expect(row).toMatchObject({ name: "form_created", userId: user.id });
  });

  it.each([
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["headless Chrome", BROWSER.replace("Chrome/", "HeadlessChrome/")],
    ["no user agent", ""],
  ])("accepts and drops a batch from %s", async (_, userAgent) => {
    const response = await send({ events: [pageView] }, { ...browserHeaders(), "user-agent": userAgent });
    expect(response.status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it.each([
    ["Sec-GPC: 1", { "sec-gpc": "1" }],
    ["DNT: 1", { dnt: "1" }],
  ])("accepts and drops a batch sent with %s", async (_, header) => {
    const response = await send({ events: [pageView] }, browserHeaders(header));
    expect(response.status).toBe(204);
    expect(await rows()).toEqual([]);
  });

  it.each([
    ["an unknown event name", { events: [{ name: "purchase", path: "/home" }] }],
    ["a path that is not a path", { events: [{ name: "page_view", path: "https://evil.test/" }] }],
    ["an empty batch", { events: [] }],
    ["too many events", { events: Array.from({ length: ANALYTICS_LIMITS.maxEvents + 1 }, () => pageView) }],
    ["an unknown field", { events: [{ ...pageView, ip: "1.2.3.4" }] }],
    ["a nested property", { events: [{ ...pageView, properties: { a: { b: 1 } } }] }],
    [
      "too many properties",
      {
        events: [
          {
            ...pageView,
            properties: Object.fromEntries(
              Array.from({ length: ANALYTICS_LIMITS.maxProperties + 1 }, (_, i) => [`p${i}`, i]),
            ),
          },
        ],
      },
    ],
    ["a string over the limit", { events: [{ ...pageView, title: "x".repeat(ANALYTICS_LIMITS.maxStringLength + 1) }] }],
    ["a negative metric", { events: [{ name: "LCP", path: "/home", value: -1 }] }],
    ["not an object", [pageView]],
  ])("refuses %s with 400 and stores nothing", async (_, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    expect(await rows()).toEqual([]);
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await server.client().request("/api/analytics", {
      method: "POST",
      body: '{"events": [',
      headers: { ...browserHeaders(), "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("MALFORMED_JSON");
  });

  it("refuses a body over the cap with 413", async () => {
    const response = await send({ events: [{ ...pageView, title: "x".repeat(MAX_ANALYTICS_BODY_BYTES) }] });
    expect(response.status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it(`answers 429 after ${ANALYTICS_RATE_LIMIT.max} batches a minute from one client`, async () => {
    const headers = browserHeaders();
    for (let i = 0; i < ANALYTICS_RATE_LIMIT.max; i++)
      expect((await send({ events: [pageView] }, headers)).status).toBe(204);
    const refused = await send({ events: [pageView] }, headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await rows()).toHaveLength(ANALYTICS_RATE_LIMIT.max);
  });
});
