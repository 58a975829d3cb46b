/**
 * Chart aggregates computed by PostgreSQL over the same WHERE clause as the list (records.ts): the web never
 * downloads records to draw a chart.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";
import type { TimelineInterval } from "../../../shared/records/record-filter.ts";

export interface ValueCount {
  value: string;
  count: number;
}

/**
 * Answers counted per value: multiple choice answers are unnested (one record counts once per option it
 * picked), yes/no answers read "true"/"false". Unanswered records are not counted.
 */
export async function answerDistribution(
  db: Db,
  query: RecordQuery,
  fieldId: string,
  fieldType: string,
): Promise<ValueCount[]> {
  const where = recordConditions(query);
  if (fieldType === "multiple_choice") {
    return queryRows<ValueCount>(
      db,
      sql`select option as value, count(*)::int as count
          from form_submissions s
          cross join lateral jsonb_array_elements_text(
            case when jsonb_typeof(s.answers -> ${fieldId}) = 'array' then s.answers -> ${fieldId} else '[]'::jsonb end) as option
          where ${where}
          group by option order by count(*) desc, option`,
    );
  }
  return queryRows<ValueCount>(
    db,
    sql`select s.answers ->> ${fieldId} as value, count(*)::int as count
        from form_submissions s
        where ${where} and jsonb_typeof(s.answers -> ${fieldId}) in ('string', 'boolean') and s.answers ->> ${fieldId} <> ''
        group by 1 order by count(*) desc, 1`,
  );
}

export interface NumericStats {
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  sum: number | null;
}

export interface HistogramBucket {
  from: number;
  to: number;
  count: number;
}

const numeric = (fieldId: string) => sql`(s.answers ->> ${fieldId})::double precision`;
const isNumber = (fieldId: string) => sql`jsonb_typeof(s.answers -> ${fieldId}) = 'number'`;

export async function numericStats(db: Db, query: RecordQuery, fieldId: string): Promise<NumericStats> {
  const [row] = await queryRows<NumericStats>(
    db,
    sql`select count(*)::int as count, min(${numeric(fieldId)}) as min, max(${numeric(fieldId)}) as max,
               avg(${numeric(fieldId)}) as avg, sum(${numeric(fieldId)}) as sum
        from form_submissions s where ${recordConditions(query)} and ${isNumber(fieldId)}`,
  );
  return row ?? { count: 0, min: null, max: null, avg: null, sum: null };
}

/** Equal-width buckets between min and max (the last one closed), counted by width_bucket. */
export async function numericHistogram(
  db: Db,
  query: RecordQuery,
  fieldId: string,
  stats: NumericStats,
  buckets: number,
): Promise<HistogramBucket[]> {
  if (stats.count === 0 || stats.min === null || stats.max === null) return [];
  const { min, max } = stats;
  if (min === max) return [{ from: min, to: max, count: stats.count }];
  const rows = await queryRows<{ bucket: number; count: number }>(
    db,
    sql`select least(width_bucket(${numeric(fieldId)}, ${min}::double precision, ${max}::double precision, ${buckets}), ${buckets})::int as bucket,
               count(*)::int as count
        from form_submissions s where ${recordConditions(query)} and ${isNumber(fieldId)}
        group by 1`,
  );
  const width = (max - min) / buckets;
  const counts = new Map(rows.map((row) => [row.bucket, row.count]));
  return Array.from({ length: buckets }, (_, i) => ({
    from: min + i * width,
    to: i === buckets - 1 ? max : min + (i + 1) * width,
    count: counts.get(i + 1) ?? 0,
  }));
}

export interface PeriodCount {
  /** Start of the period, YYYY-MM-DD in the requested time zone. */
  period: string;
  count: number;
}

/** Records per day, week (ISO, from Monday) or month, in the reader's time zone. */
export async function recordsOverTime(
  db: Db,
  query: RecordQuery,
  interval: TimelineInterval,
  timeZone: string,
): Promise<PeriodCount[]> {
  const unit = sql.raw(`'${interval}'`);
  return queryRows<PeriodCount>(
    db,
    sql`select to_char(date_trunc(${unit}, s.created_at at time zone ${timeZone}), 'YYYY-MM-DD') as period, count(*)::int as count
        from form_submissions s where ${recordConditions(query)}
        group by 1 order by 1`,
  );
}

/**
 * Records of the last `days` days per application and day, counted in the reader's time zone; day 0 is today.
 * Rides the (application_id, created_at, id) index: only the window's rows are read.
 */
export async function recentRecordsPerApplicationDay(
  db: Db,
  query: RecordQuery,
  days: number,
  timeZone: string,
): Promise<{ applicationId: string; daysAgo: number; count: number }[]> {
  const today = sql`(now() at time zone ${timeZone})::date`;
  return queryRows(
    db,
    sql`select s.application_id as "applicationId", (${today} - (s.created_at at time zone ${timeZone})::date)::int as "daysAgo",
               count(*)::int as count
        from form_submissions s
        where ${recordConditions(query)} and s.created_at >= (${today} - ${days - 1}::int)::timestamp at time zone ${timeZone}
        group by 1, 2`,
  );
}
