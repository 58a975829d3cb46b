import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import type { ReadRouting } from "../../db/read-routing.ts";
import { countRecords } from "../../db/queries/records.ts";
import {
  answerDistribution,
  numericHistogram,
  numericStats,
  recordsOverTime,
  type ChartSource,
} from "../../db/queries/charts.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { resolveRecordQuery } from "../../services/records/record-query.ts";
import { chartableFields, chartsAsNumbers } from "../../../shared/records/chartable.ts";
import * as contracts from "../../../shared/api/contracts/data.ts";
import type { ChartData, TimelineData } from "../../../shared/records/record-view.ts";

const HISTOGRAM_BUCKETS = 10;

/**
 * Aggregates for the charts tab, computed in SQL over the same filter and scope as the list. A field inside a repeat
 * is counted over every entry; a repeat charts its entries per record (shared/records/chartable.ts).
 */
export function chartRoutes(context: AppContext, reads: ReadRouting): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  mountRoute(routes, db, contracts.getTimeline, async (c, { access, query: options }) => {
    const readDb = await reads.forRead(c);
    const url = new URL(c.req.url);
    const { query } = await resolveRecordQuery(readDb, access, url.searchParams);
    const body: TimelineData = {
      interval: options.interval,
      points: await recordsOverTime(readDb, query, options.interval, options.tz),
    };
    return c.json(body);
  });

  mountRoute(routes, db, contracts.getChart, async (c, { access }) => {
    const readDb = await reads.forRead(c);
    const url = new URL(c.req.url);
    const { query, fields } = await resolveRecordQuery(readDb, access, url.searchParams);
    const chartable = chartableFields(fields).find((candidate) => candidate.field.id === url.searchParams.get("field"));
    if (!chartable) {
      throw new ApiError("VALIDATION_FAILED", "Charts need a choice, yes/no, number or repeat field", [
        { param: "field", message: "Not a chartable field of this application" },
      ]);
    }
    const { field, repeat } = chartable;
    const source: ChartSource =
      field.fieldType === "repeat"
        ? { kind: "entryCount", repeatId: field.id }
        : repeat
          ? { kind: "entryAnswer", repeatId: repeat.id, fieldId: field.id }
          : { kind: "answer", fieldId: field.id };
    let body: ChartData;
    if (chartsAsNumbers(field)) {
      const stats = await numericStats(readDb, query, source);
      body = {
        kind: "numeric",
        fieldId: field.id,
        stats,
        histogram: await numericHistogram(readDb, query, source, stats, HISTOGRAM_BUCKETS),
      };
    } else {
      const counted = await answerDistribution(readDb, query, source, field.fieldType);
      body = {
        kind: "distribution",
        fieldId: field.id,
        total: await countRecords(readDb, query),
        values: withDeclaredOptions(counted, field.fieldType, field.config.options),
      };
    }
    return c.json(body);
  });

  return routes;
}

/**
 * Every option the form declares appears (with 0 when nobody picked it), in the form's order, followed by values
 * no longer among the options (renamed or removed options keep their counts).
 */
function withDeclaredOptions(
  counted: { value: string; count: number }[],
  fieldType: string,
  options: unknown,
): { value: string; count: number }[] {
  const declared =
    fieldType === "yes_no"
      ? ["true", "false"]
      : Array.isArray(options)
        ? options.filter((option): option is string => typeof option === "string")
        : [];
  const counts = new Map(counted.map((entry) => [entry.value, entry.count]));
  const ordered = declared.map((value) => ({ value, count: counts.get(value) ?? 0 }));
  const extra = counted.filter((entry) => !declared.includes(entry.value));
  return [...ordered, ...extra];
}
