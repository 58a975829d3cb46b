import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    /** A hash of (daily salt, user agent, language): identifies a visitor for one day only; no IP is stored. */
    visitorId: text("visitor_id").notNull().default(""),
    path: text("path"),
    referrerHost: text("referrer_host"),
    language: text("language"),
    /** mobile | tablet | desktop */
    device: text("device"),
    /** A web vital's value (ms, or unitless for CLS). */
    metricValue: doublePrecision("metric_value"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_name_idx").on(t.name, t.createdAt),
    index("analytics_events_created_idx").on(t.createdAt),
  ],
);

/**
 * Raw events rolled up per day before they are removed (90 days). `dimension` names what `value` holds:
 * `total`, `path`, `referrer`, `language`, `device`; counts of events and distinct visitors that day.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    name: text("name").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    events: integer("events").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.dimension, t.value] })],
);

/** Web vitals per day, route and metric: p75 and how many samples fell in each threshold band. */
export const analyticsVitalsDaily = pgTable(
  "analytics_vitals_daily",
  {
    day: date("day").notNull(),
    path: text("path").notNull(),
    metric: text("metric").notNull(),
    p75: doublePrecision("p75").notNull(),
    samples: integer("samples").notNull(),
    good: integer("good").notNull(),
    needsImprovement: integer("needs_improvement").notNull(),
    poor: integer("poor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.metric] })],
);
