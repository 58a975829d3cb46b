import { z } from "zod";
import { billingLimitsSchema, billingUsageSchema } from "../billing/billing-response-schemas.ts";
import type { RuntimeConfig } from "../map/base-map.ts";
import type { RecordField } from "./answer-format.ts";
import type { DashboardSummary, OverviewRecord, OverviewRecordPage, OverviewView } from "./overview.ts";
import { personSchema, recordViewSchema, type ChartData, type DataView, type TimelineData } from "./record-view.ts";
import type { RecordHistoryDto, ReviewThreadDto } from "./record-review.ts";
import { REVIEW_STATES } from "./review-states.ts";

/** The data and overview answers as schemas (OpenAPI reference, test servers' response check), typed as their DTOs. */
const count = z.number().int().min(0);

const recordFieldSchema: z.ZodType<RecordField> = z.object({
  id: z.uuid(),
  label: z.string(),
  name: z.string(),
  parentName: z.string().nullable(),
  fieldType: z.string(),
  config: z.record(z.string(), z.unknown()),
  removed: z.boolean(),
});

export const dataViewSchema: z.ZodType<DataView> = z.object({
  application: z.object({ id: z.uuid(), name: z.string(), active: z.boolean() }),
  fields: z.array(recordFieldSchema),
  submitters: z.array(personSchema),
  publicLinks: z.array(z.object({ id: z.uuid(), name: z.string() })).optional(),
  capabilities: z.object({
    canViewAllSubmissions: z.boolean(),
    canReview: z.boolean(),
    canExport: z.boolean(),
    canDeleteRecords: z.boolean(),
    canEditAnyRecord: z.boolean(),
    canClearData: z.boolean(),
    canCollect: z.boolean(),
  }),
  viewerId: z.uuid(),
});

export const chartDataSchema: z.ZodType<ChartData> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("distribution"),
    fieldId: z.string(),
    total: count,
    values: z.array(z.object({ value: z.string(), count })),
  }),
  z.object({
    kind: z.literal("numeric"),
    fieldId: z.string(),
    stats: z.object({
      count,
      min: z.number().nullable(),
      max: z.number().nullable(),
      avg: z.number().nullable(),
      sum: z.number().nullable(),
    }),
    histogram: z.array(z.object({ from: z.number(), to: z.number(), count })),
  }),
]);

export const timelineSchema: z.ZodType<TimelineData> = z.object({
  interval: z.enum(["day", "week", "month"]),
  points: z.array(z.object({ period: z.string(), count })),
});

export const runtimeConfigSchema: z.ZodType<RuntimeConfig> = z.object({
  baseMap: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("outline") }),
    z.object({ kind: z.literal("raster"), tileUrl: z.string() }),
    z.object({ kind: z.literal("pmtiles"), url: z.string() }),
  ]),
});

const overviewApplication = { id: z.uuid(), name: z.string(), canViewAllSubmissions: z.boolean() };
const overviewRecordSchema: z.ZodType<OverviewRecord> = recordViewSchema.extend({ applicationId: z.uuid() });

export const overviewViewSchema: z.ZodType<OverviewView> = z.object({
  applications: z.array(z.object(overviewApplication)),
  submitters: z.array(personSchema),
  viewerId: z.uuid(),
});

export const overviewRecordPageSchema: z.ZodType<OverviewRecordPage> = z.object({
  records: z.array(overviewRecordSchema),
  nextCursor: z.string().nullable(),
  total: count,
  fields: z.record(z.uuid(), z.array(recordFieldSchema)),
});

export const dashboardSchema: z.ZodType<DashboardSummary> = z.object({
  applications: z.array(z.object({ ...overviewApplication, week: z.array(count) })),
  latest: z.array(overviewRecordSchema),
  usage: z.object({ limits: billingLimitsSchema, usage: billingUsageSchema }),
});

const reviewState = z.enum(REVIEW_STATES);
const location = z.object({ latitude: z.number(), longitude: z.number() });
/** A repeat entry holding a changed answer (index from 0). */
const entryRef = z.object({ fieldId: z.string(), label: z.string(), index: z.number().int() });

export const reviewThreadSchema: z.ZodType<ReviewThreadDto> = z.object({
  reviewState,
  comments: z.array(
    z.object({
      id: z.uuid(),
      author: personSchema.nullable(),
      body: z.string(),
      reviewState: reviewState.nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const recordHistorySchema: z.ZodType<RecordHistoryDto> = z.object({
  versions: z.array(
    z.object({
      id: z.uuid().nullable(),
      number: z.number().int().min(1),
      current: z.boolean(),
      author: personSchema.nullable(),
      at: z.string(),
      formVersion: z.number().int().nullable(),
      restoredFrom: z.number().int().nullable(),
      changes: z.array(
        z.object({
          fieldId: z.string(),
          field: recordFieldSchema,
          repeat: entryRef.optional(),
          within: z.array(entryRef).optional(),
          before: z.unknown(),
          after: z.unknown(),
        }),
      ),
      locationChange: z.object({ before: location.nullable(), after: location.nullable() }).nullable(),
    }),
  ),
});
