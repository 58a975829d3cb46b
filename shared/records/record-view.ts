import type { RecordField } from "./answer-format.ts";
import type { ReviewState } from "./review-states.ts";

/** A record as the data page reads it (GET /api/applications/:id/records and …/records/:recordId). */
export interface RecordView {
  id: string;
  submitter: { id: string; name: string; email: string } | null;
  /** Field id → answer; photo and signature answers reference /api/attachments/{attachmentId}. */
  answers: Record<string, unknown>;
  reviewState: ReviewState;
  location: { latitude: number; longitude: number; accuracy: number | null; timestamp: string | null } | null;
  clientCreatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RecordPage {
  records: RecordView[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Records matching the filter (for the reader's scope). */
  total: number;
}

/** GET /api/applications/:id/data-view: what the data page needs before the first record. */
export interface DataView {
  application: { id: string; name: string; active: boolean };
  fields: RecordField[];
  /** Administrators' submitter filter; empty for collaborators. */
  submitters: { id: string; name: string; email: string }[];
  capabilities: {
    canViewAllSubmissions: boolean;
    /** Set review states and restore earlier versions of records. */
    canReview: boolean;
    canExport: boolean;
    canDeleteRecords: boolean;
    canClearData: boolean;
    canCollect: boolean;
  };
  viewerId: string;
}

export interface MapData {
  /** [record id, longitude, latitude] of every located matching record. */
  points: [string, number, number][];
  withoutLocation: number;
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
