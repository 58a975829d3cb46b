import type { RecordField } from "./answer-format.ts";
import { z } from "zod";
import { REVIEW_STATES } from "./review-states.ts";
import { RECORD_ORDERS, RECORD_PAGE_DEFAULT, RECORD_PAGE_MAX, RECORD_SORTS } from "./record-filter.ts";

export const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A record as the data page reads it (GET /api/applications/:id/records and …/records/:recordId). */
export const recordViewSchema = z.object({
  id: z.uuid(),
  submitter: personSchema.nullable(),
  /** The public link a visitor sent the record through (submitter is then null). */
  publicLink: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** Field id → answer; photo and signature answers reference /api/attachments/{attachmentId}. */
  answers: z.record(z.string(), z.unknown()),
  reviewState: z.enum(REVIEW_STATES),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      accuracy: z.number().nullable(),
      timestamp: z.string().nullable(),
    })
    .nullable(),
  clientCreatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Field id → stored name → label of the answers picked from a file attached to the form (`select_one_from_file`),
   * read from the files of the version the record was collected with; absent when there is none.
   */
  choiceLabels: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type RecordView = z.infer<typeof recordViewSchema>;

export const recordPageSchema = z.object({
  records: z.array(recordViewSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Records matching the filter (for the reader's scope). */
  total: z.number().int(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** GET …/records/:recordId */
export const recordDetailSchema = z.object({ record: recordViewSchema });

/** The page of GET …/records; the filter's own parameters (shared/records/record-filter.ts) come beside it. */
export const recordPageQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(RECORD_PAGE_MAX).default(RECORD_PAGE_DEFAULT),
  sort: z.enum(RECORD_SORTS).default("createdAt"),
  order: z.enum(RECORD_ORDERS).default("desc"),
});

/** GET /api/applications/:id/data-view: what the data page needs before the first record. */
export interface DataView {
  application: { id: string; name: string; active: boolean };
  fields: RecordField[];
  /** Administrators' submitter filter; empty for collaborators. */
  submitters: { id: string; name: string; email: string }[];
  /** Administrators' filter by public link (its records have no submitter); empty for collaborators. */
  publicLinks?: { id: string; name: string }[];
  capabilities: {
    canViewAllSubmissions: boolean;
    /** Set review states and restore earlier versions of records. */
    canReview: boolean;
    canExport: boolean;
    canDeleteRecords: boolean;
    /** Edit records someone else submitted (the owner and administrators); everyone edits their own. */
    canEditAnyRecord: boolean;
    canClearData: boolean;
    canCollect: boolean;
  };
  viewerId: string;
}

export type ChartData =
  /**
   * total: records matching the filter (a multiple-choice record counts once per option it picked in `values`; a
   * field inside a repeat counts once per entry).
   */
  | { kind: "distribution"; fieldId: string; total: number; values: { value: string; count: number }[] }
  | {
      kind: "numeric";
      fieldId: string;
      stats: { count: number; min: number | null; max: number | null; avg: number | null; sum: number | null };
      histogram: { from: number; to: number; count: number }[];
    };

export interface TimelineData {
  interval: "day" | "week" | "month";
  points: { period: string; count: number }[];
}
