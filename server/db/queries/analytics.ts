import { lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { analyticsEvents } from "../schema/index.ts";
import { VITAL_METRICS, VITAL_THRESHOLDS } from "../../../shared/analytics/vitals.ts";

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The dimensions analytics_daily breaks a day's events down by; `total` has one row per event name. */
export const DAILY_DIMENSIONS = ["total", "path", "referrer", "language", "device"] as const;
export type DailyDimension = (typeof DAILY_DIMENSIONS)[number];

export interface DailyRow {
  day: string;
  name: string;
  dimension: DailyDimension;
  value: string;
  events: number;
  visitors: number;
}

export interface VitalsRow {
  day: string;
  path: string;
  metric: string;
  p75: number;
  samples: number;
  good: number;
  needs_improvement: number;
  poor: number;
}

export async function insertAnalyticsEvents(db: Db, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length) await db.insert(analyticsEvents).values(rows);
}

const vitalNames = sql.join(
  VITAL_METRICS.map((metric) => sql`${metric}`),
  sql`, `,
);

/** Events in [from, to), as days are counted: UTC dates (every session runs in UTC). */
const inRange = (from: string, to: string) => sql`created_at >= ${from}::date and created_at < ${to}::date`;

/**
 * Per day, event name and dimension value: how many events and distinct visitors. The one definition of a
 * day's counts: the roll-up stores it for finished days, the dashboards run it live for the days not rolled up.
 */
function dailySelect(from: string, to: string): SQL {
  const dimension = (name: DailyDimension, value: SQL) => sql`
    select created_at::date::text as day, name, ${name}::text as dimension, ${value} as value,
      count(*)::int as events, count(distinct visitor_id)::int as visitors
    from analytics_events
    where ${inRange(from, to)} and name not in (${vitalNames})
    group by 1, 2, 4`;
  return sql.join(
    [
      dimension("total", sql`''`),
      dimension("path", sql`coalesce(path, '')`),
      dimension("referrer", sql`coalesce(referrer_host, '')`),
      dimension("language", sql`coalesce(language, '')`),
      dimension("device", sql`coalesce(device, '')`),
    ],
    sql` union all `,
  );
}

const thresholds = sql.join(
  VITAL_METRICS.map(
    (metric) => sql`(${metric}, ${VITAL_THRESHOLDS[metric][0]}::float8, ${VITAL_THRESHOLDS[metric][1]}::float8)`,
  ),
  sql`, `,
);

/** Per day, route and metric: the 75th percentile and the samples in each of web-vitals' bands. */
function vitalsSelect(from: string, to: string): SQL {
  return sql`
    select e.created_at::date::text as day, coalesce(e.path, '') as path, e.name as metric,
      percentile_cont(0.75) within group (order by e.metric_value) as p75,
      count(*)::int as samples,
      count(*) filter (where e.metric_value <= t.good)::int as good,
      count(*) filter (where e.metric_value > t.good and e.metric_value <= t.poor)::int as needs_improvement,
      count(*) filter (where e.metric_value > t.poor)::int as poor
    from analytics_events e
    join (values ${thresholds}) as t(metric, good, poor) on t.metric = e.name
    where ${inRange(from, to)} and e.metric_value is not null
    group by 1, 2, 3`;
}

/**
 * Takes the roll-up lock for this transaction, or answers false at once when another process holds it (that
 * process is doing the same work; the upserts would make a second run harmless, only wasted).
 */
export async function tryLockRollup(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtextextended('campo:analytics-rollup', 0)) as locked`,
  );
  return row?.locked === true;
}

/** The latest day already rolled up (either table), or null before the first roll-up. */
export async function lastRolledDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select greatest((select max(day) from analytics_daily), (select max(day) from analytics_vitals_daily))::text as day`,
  );
  return row?.day ?? null;
}

/** The first day holding raw events, or null when there are none. */
export async function firstRawDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select min(created_at)::date::text as day from analytics_events`,
  );
  return row?.day ?? null;
}

/** Rolls up the days in [from, to) from raw events; running it twice stores the same rows. */
export async function rollUpDays(db: Db, from: string, to: string): Promise<void> {
  await db.execute(sql`
    insert into analytics_daily (day, name, dimension, value, events, visitors)
    select day::date, name, dimension, value, events, visitors from (${dailySelect(from, to)}) d
    on conflict (day, name, dimension, value) do update set events = excluded.events, visitors = excluded.visitors`);
  await db.execute(sql`
    insert into analytics_vitals_daily (day, path, metric, p75, samples, good, needs_improvement, poor)
    select day::date, path, metric, p75, samples, good, needs_improvement, poor from (${vitalsSelect(from, to)}) v
    on conflict (day, path, metric) do update set p75 = excluded.p75, samples = excluded.samples,
      good = excluded.good, needs_improvement = excluded.needs_improvement, poor = excluded.poor`);
}

export async function deleteRawEventsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, before))
    .returning({ id: analyticsEvents.id });
  return deleted.length;
}

/**
 * Daily rows for [from, to): rolled-up days up to `liveFrom` from analytics_daily, the rest live from raw events.
 */
export async function dailyRows(
  db: Db,
  from: string,
  to: string,
  liveFrom: string,
  names: readonly string[],
): Promise<DailyRow[]> {
  const nameList = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  return queryRows<DailyRow>(
    db,
    sql`
    select day::text as day, name, dimension, value, events, visitors from analytics_daily
      where day >= ${from}::date and day < ${liveFrom}::date and name in (${nameList})
    union all
    select * from (${dailySelect(liveFrom > from ? liveFrom : from, to)}) live where name in (${nameList})`,
  );
}

/** Vitals rows for [from, to): rolled-up days before `liveFrom`, the rest live from raw events. */
export async function vitalsRows(db: Db, from: string, to: string, liveFrom: string): Promise<VitalsRow[]> {
  return queryRows<VitalsRow>(
    db,
    sql`
    select day::text as day, path, metric, p75, samples, good, needs_improvement, poor from analytics_vitals_daily
      where day >= ${from}::date and day < ${liveFrom}::date
    union all
    select * from (${vitalsSelect(liveFrom > from ? liveFrom : from, to)}) live`,
  );
}
