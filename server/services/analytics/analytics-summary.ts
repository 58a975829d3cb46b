import type { Db } from "../../db/client.ts";
import { dailyRows, lastRolledDay, vitalsRows, type DailyRow, type VitalsRow } from "../../db/queries/analytics.ts";
import { FUNNEL_STEPS } from "../../../shared/analytics/event-names.ts";
import { routePattern } from "../../../shared/analytics/route-pattern.ts";
import type { AnalyticsSummary, BreakdownEntry, VitalsEntry } from "../../../shared/analytics/summary.ts";
import { addDays, utcDay } from "./rollup.ts";

const TOP = 10;

/**
 * Pages are ranked by route (`/applications/:id/data`). A route's visitors add up its paths' visitors, so one person
 * on two applications' pages counts twice there: the daily roll-up keeps no visitor ids to tell.
 */
function breakdown(rows: DailyRow[], dimension: DailyRow["dimension"]): BreakdownEntry[] {
  const totals = new Map<string, BreakdownEntry>();
  for (const row of rows) {
    if (row.name !== "page_view" || row.dimension !== dimension) continue;
    const value = dimension === "path" ? routePattern(row.value) : row.value;
    const entry = totals.get(value) ?? { value, pageViews: 0, visitors: 0 };
    entry.pageViews += row.events;
    entry.visitors += row.visitors;
    totals.set(value, entry);
  }
  return [...totals.values()].sort((a, b) => b.pageViews - a.pageViews || a.value.localeCompare(b.value)).slice(0, TOP);
}

/**
 * A period's p75 is the sample-weighted mean of its days' p75s (a percentile cannot be summed; the days' samples
 * are gone after 90 days); the bands are exact sums.
 */
function vitals(rows: VitalsRow[]): VitalsEntry[] {
  const byRoute = new Map<string, VitalsEntry & { weighted: number }>();
  for (const row of rows) {
    const path = routePattern(row.path);
    const key = `${path}\n${row.metric}`;
    const entry = byRoute.get(key) ?? {
      path,
      metric: row.metric,
      p75: 0,
      samples: 0,
      good: 0,
      needsImprovement: 0,
      poor: 0,
      weighted: 0,
    };
    entry.samples += row.samples;
    entry.good += row.good;
    entry.needsImprovement += row.needs_improvement;
    entry.poor += row.poor;
    entry.weighted += row.p75 * row.samples;
    byRoute.set(key, entry);
  }
  return [...byRoute.values()]
    .map(({ weighted, ...entry }) => ({ ...entry, p75: entry.samples ? weighted / entry.samples : 0 }))
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path) || a.metric.localeCompare(b.metric));
}

/** The dashboards' figures for the last `days` days (today included): roll-ups plus raw events not rolled up yet. */
export async function analyticsSummary(db: Db, days: number, now = new Date()): Promise<AnalyticsSummary> {
  const today = utcDay(now);
  const from = addDays(today, -(days - 1));
  const to = addDays(today, 1);
  const rolled = await lastRolledDay(db);
  const liveFrom = rolled === null ? from : addDays(rolled, 1);
  const rows = await dailyRows(db, from, to, liveFrom, FUNNEL_STEPS);
  const perDay = new Map<string, { day: string; visitors: number; pageViews: number }>();
  for (let day = from; day < to; day = addDays(day, 1)) perDay.set(day, { day, visitors: 0, pageViews: 0 });
  const funnel = new Map<string, number>(FUNNEL_STEPS.map((step) => [step, 0]));
  for (const row of rows) {
    if (row.dimension !== "total") continue;
    funnel.set(row.name, (funnel.get(row.name) ?? 0) + row.visitors);
    const day = perDay.get(row.day);
    if (day && row.name === "page_view") {
      day.pageViews += row.events;
      day.visitors += row.visitors;
    }
  }
  return {
    from,
    to: today,
    daily: [...perDay.values()],
    topPages: breakdown(rows, "path"),
    referrers: breakdown(rows, "referrer"),
    languages: breakdown(rows, "language"),
    devices: breakdown(rows, "device"),
    funnel: FUNNEL_STEPS.map((step) => ({ step, visitors: funnel.get(step) ?? 0 })),
    vitals: vitals(await vitalsRows(db, from, to, liveFrom)),
  };
}
