import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { createMigratedTestDatabase, type MigratedTestDatabase } from "../../test-support/database-template.ts";
import { analyticsDaily, analyticsEvents, analyticsVitalsDaily } from "../../db/schema/index.ts";
import type { NewAnalyticsEvent } from "../../db/queries/analytics.ts";
import { RAW_EVENT_DAYS, runAnalyticsRollup } from "./rollup.ts";
import { analyticsSummary } from "./analytics-summary.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const at = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

function event(overrides: Partial<NewAnalyticsEvent> & { createdAt: Date }): NewAnalyticsEvent {
  return { name: "page_view", visitorId: "v1", path: "/home", language: "pt-BR", device: "mobile", ...overrides };
}

const lcp = (value: number, day = "2026-03-09", path = "/home") =>
  event({ name: "LCP", metricValue: value, path, createdAt: at(day) });

describe("analytics roll-up", () => {
  let testDb: MigratedTestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createMigratedTestDatabase();
    database = await openDatabase({ databaseUrl: testDb.url, memorySeed: testDb.memorySeed, dataDir: "/nonexistent" });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(analyticsEvents);
    await database.db.delete(analyticsDaily);
    await database.db.delete(analyticsVitalsDaily);
  });
  const insert = (rows: NewAnalyticsEvent[]) => database.db.insert(analyticsEvents).values(rows);

  it("rolls finished days into events and distinct visitors per name and dimension, and leaves today alone", async () => {
    await insert([
      event({ visitorId: "a", createdAt: at("2026-03-09") }),
      event({ visitorId: "a", createdAt: at("2026-03-09", 11) }),
      event({
        visitorId: "b",
        path: "/contact",
        referrerHost: "www.google.com",
        device: "desktop",
        createdAt: at("2026-03-09"),
      }),
      event({ visitorId: "c", createdAt: at("2026-03-10") }),
    ]);
    expect(await runAnalyticsRollup(database.db, NOW)).toMatchObject({ ran: true });
    const rows = await database.db.select().from(analyticsDaily);
    const find = (dimension: string, value: string) =>
      rows.find((row) => row.dimension === dimension && row.value === value && row.name === "page_view");
    expect(rows.every((row) => row.day === "2026-03-09")).toBe(true);
    expect(find("total", "")).toMatchObject({ events: 3, visitors: 2 });
    expect(find("path", "/home")).toMatchObject({ events: 2, visitors: 1 });
    expect(find("path", "/contact")).toMatchObject({ events: 1, visitors: 1 });
    expect(find("referrer", "www.google.com")).toMatchObject({ events: 1, visitors: 1 });
    expect(find("referrer", "")).toMatchObject({ events: 2, visitors: 1 });
    expect(find("device", "mobile")).toMatchObject({ events: 2, visitors: 1 });
    expect(find("language", "pt-BR")).toMatchObject({ events: 3, visitors: 2 });
  });

  it("computes p75 and web-vitals' good / needs improvement / poor bands per route and metric", async () => {
    // LCP: good ≤ 2500 ms, poor > 4000 ms. p75 of 1000, 2500, 3000, 5000 (linear interpolation) = 3500.
    await insert([lcp(1000), lcp(2500), lcp(3000), lcp(5000), lcp(800, "2026-03-09", "/contact")]);
    await insert([event({ name: "CLS", metricValue: 0.3, createdAt: at("2026-03-09") })]);
    await runAnalyticsRollup(database.db, NOW);
    const rows = await database.db.select().from(analyticsVitalsDaily);
    expect(rows.find((row) => row.metric === "LCP" && row.path === "/home")).toMatchObject({
      day: "2026-03-09",
      p75: 3500,
      samples: 4,
      good: 2,
      needsImprovement: 1,
      poor: 1,
    });
    expect(rows.find((row) => row.path === "/contact")).toMatchObject({ p75: 800, samples: 1, good: 1 });
    expect(rows.find((row) => row.metric === "CLS")).toMatchObject({ samples: 1, poor: 1 });
    // Vitals are not page events: they never reach analytics_daily.
    expect(await database.db.select().from(analyticsDaily)).toEqual([]);
  });

  it(`deletes raw events older than ${RAW_EVENT_DAYS} days and keeps their roll-ups`, async () => {
    await insert([
      event({ visitorId: "old", createdAt: at("2025-12-09") }),
      event({ visitorId: "kept", createdAt: at("2025-12-10") }),
    ]);
    const outcome = await runAnalyticsRollup(database.db, NOW);
    expect(outcome).toMatchObject({ ran: true, deleted: 1 });
    const raw = await database.db.select().from(analyticsEvents);
    expect(raw.map((row) => row.visitorId)).toEqual(["kept"]);
    const days = (await database.db.select().from(analyticsDaily)).filter((row) => row.dimension === "total");
    expect(days.map((row) => row.day).sort()).toEqual(["2025-12-09", "2025-12-10"]);
  });

  it("is idempotent: a second run (another process, or the next hour) stores the same rows", async () => {
    await insert([event({ createdAt: at("2026-03-08") }), event({ createdAt: at("2026-03-09") }), lcp(1200)]);
    await runAnalyticsRollup(database.db, NOW);
    const first = await database.db.select().from(analyticsDaily);
    await runAnalyticsRollup(database.db, NOW);
    expect(await database.db.select().from(analyticsDaily)).toEqual(expect.arrayContaining(first));
    expect(await database.db.select().from(analyticsDaily)).toHaveLength(first.length);
    expect(await database.db.select().from(analyticsVitalsDaily)).toHaveLength(1);
  });

  it("the summary reads roll-ups for finished days and raw events for today, without counting a day twice", async () => {
    await insert([
      event({ visitorId: "a", createdAt: at("2026-03-09") }),
      event({ visitorId: "a", name: "sign_up_start", createdAt: at("2026-03-09") }),
      lcp(3000),
    ]);
    await runAnalyticsRollup(database.db, NOW);
    await insert([
      event({ visitorId: "b", createdAt: at("2026-03-10") }),
      event({ visitorId: "b", name: "sign_up_start", createdAt: at("2026-03-10") }),
      event({ visitorId: "b", name: "sign_up_complete", createdAt: at("2026-03-10") }),
      lcp(1000, "2026-03-10"),
    ]);
    const summary = await analyticsSummary(database.db, 7, NOW);
    expect(summary.daily).toHaveLength(7);
    expect(summary.daily.slice(-2)).toEqual([
      { day: "2026-03-09", visitors: 1, pageViews: 1 },
      { day: "2026-03-10", visitors: 1, pageViews: 1 },
    ]);
    expect(summary.funnel).toEqual([
      { step: "page_view", visitors: 2 },
      { step: "sign_up_start", visitors: 2 },
      { step: "sign_up_complete", visitors: 1 },
      { step: "form_created", visitors: 0 },
      { step: "data_collected", visitors: 0 },
    ]);
    expect(summary.topPages).toEqual([{ value: "/home", pageViews: 2, visitors: 2 }]);
    expect(summary.vitals).toEqual([
      { path: "/home", metric: "LCP", p75: 2000, samples: 2, good: 1, needsImprovement: 1, poor: 0 },
    ]);
  });

  it("groups pages and vitals by route, events stored with raw ids included", async () => {
    const dataOf = (id: string) => `/applications/${id}/data`;
    const first = "3f2a9c1e-0b4d-4e7a-9f00-1a2b3c4d5e6f";
    const second = "7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e";
    await insert([
      event({ visitorId: "a", path: dataOf(first), createdAt: at("2026-03-09") }),
      event({ visitorId: "b", path: dataOf(second), createdAt: at("2026-03-09") }),
      lcp(1000, "2026-03-09", dataOf(first)),
    ]);
    await runAnalyticsRollup(database.db, NOW);
    await insert([
      event({ visitorId: "c", path: dataOf(second), createdAt: at("2026-03-10") }),
      lcp(3000, "2026-03-10", dataOf(second)),
    ]);
    const summary = await analyticsSummary(database.db, 7, NOW);
    expect(summary.topPages).toEqual([{ value: "/applications/:id/data", pageViews: 3, visitors: 3 }]);
    expect(summary.vitals).toEqual([
      expect.objectContaining({ path: "/applications/:id/data", metric: "LCP", p75: 2000, samples: 2 }),
    ]);
  });
});
