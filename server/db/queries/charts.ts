/**
 * Chart aggregates computed by PostgreSQL over the same WHERE clause as the list (records.ts): the web never
 * downloads records to draw a chart.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";
import type { TimelineInterval } from "../../../shared/records/record-filter.ts";

export interface ValueCount {
  value: string;
  count: number;
}

/**
 * Where a chart's values come from: a top-level answer (one per record), a field of a repeat's entries (one per
 * entry of each record), or a repeat's entry count (one number per record that answered it).
 */
export type ChartSource =
  | { kind: "answer"; fieldId: string }
  | { kind: "entryAnswer"; repeatId: string; fieldId: string }
  | { kind: "entryCount"; repeatId: string };

const asList = (value: SQL) => sql`case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end`;

/** The rows (table alias `s`, and `entry` for entries) and the jsonb value each row contributes. */
function sourceSql(source: ChartSource): { from: SQL; value: SQL } {
  const records = sql`form_submissions s`;
  switch (source.kind) {
    case "answer":
      return { from: records, value: sql`(s.answers -> ${source.fieldId})` };
    case "entryAnswer":
      return {
        from: sql`${records} cross join lateral jsonb_array_elements(${asList(sql`(s.answers -> ${source.repeatId})`)}) as entry`,
        value: sql`(entry -> ${source.fieldId})`,
      };
    case "entryCount": {
      const repeat = sql`(s.answers -> ${source.repeatId})`;
      return {
        from: records,
        value: sql`(case when jsonb_typeof(${repeat}) = 'array' then to_jsonb(jsonb_array_length(${repeat})) end)`,
      };
    }
  }
}

/**
 * Answers counted per value: multiple choice answers are unnested (one record — or entry — counts once per option
 * it picked), yes/no answers read "true"/"false". Unanswered records are not counted.
 */
export async function answerDistribution(
  db: Db,
  query: RecordQuery,
  source: ChartSource,
  fieldType: string,
): Promise<ValueCount[]> {
  const where = recordConditions(query);
  const { from, value } = sourceSql(source);
  if (fieldType === "multiple_choice") {
    return queryRows<ValueCount>(
      db,
      sql`select option as value, count(*)::int as count
          from ${from} cross join lateral jsonb_array_elements_text(${asList(value)}) as option
          where ${where}
          group by option order by count(*) desc, option`,
    );
  }
  return queryRows<ValueCount>(
    db,
    sql`select ${value} #>> '{}' as value, count(*)::int as count
        from ${from}
        where ${where} and jsonb_typeof(${value}) in ('string', 'boolean') and ${value} #>> '{}' <> ''
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

export async function numericStats(db: Db, query: RecordQuery, source: ChartSource): Promise<NumericStats> {
  const { from, value } = sourceSql(source);
  const number = sql`(${value} #>> '{}')::double precision`;
  const [row] = await queryRows<NumericStats>(
    db,
    sql`select count(*)::int as count, min(${number}) as min, max(${number}) as max, avg(${number}) as avg, sum(${number}) as sum
        from ${from} where ${recordConditions(query)} and jsonb_typeof(${value}) = 'number'`,
  );
  return row ?? { count: 0, min: null, max: null, avg: null, sum: null };
}

/** Equal-width buckets between min and max (the last one closed), counted by width_bucket. */
export async function numericHistogram(
  db: Db,
  query: RecordQuery,
  source: ChartSource,
  stats: NumericStats,
  buckets: number,
): Promise<HistogramBucket[]> {
  if (stats.count === 0 || stats.min === null || stats.max === null) return [];
  const { min, max } = stats;
  if (min === max) return [{ from: min, to: max, count: stats.count }];
  const { from, value } = sourceSql(source);
  const number = sql`(${value} #>> '{}')::double precision`;
  const rows = await queryRows<{ bucket: number; count: number }>(
    db,
    sql`select least(width_bucket(${number}, ${min}::double precision, ${max}::double precision, ${buckets}), ${buckets})::int as bucket,
               count(*)::int as count
        from ${from} where ${recordConditions(query)} and jsonb_typeof(${value}) = 'number'
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
