import type { RecordField } from "./answer-format.ts";
import type { RecordView } from "./record-view.ts";

/** An application the overviews (/dashboard, /data, /maps) cover, and whether the reader sees all its records. */
export interface OverviewApplication {
  id: string;
  name: string;
  canViewAllSubmissions: boolean;
}

/** GET /api/overview: the applications for the selector and the legend, and the submitters for the filter. */
export interface OverviewView {
  applications: OverviewApplication[];
  /** People who submitted to the applications the reader sees whole (the submitter filter). */
  submitters: { id: string; name: string; email: string }[];
  viewerId: string;
}

export interface OverviewRecord extends RecordView {
  applicationId: string;
}

/** GET /api/overview/records: the same keyset page as one application's, each record naming its application. */
export interface OverviewRecordPage {
  records: OverviewRecord[];
  nextCursor: string | null;
  total: number;
  /** The fields of the applications this page's records belong to, by application id (answers read by label). */
  fields: Record<string, RecordField[]>;
}

/** GET /api/dashboard: the signed-in user's overview in one call. */
export interface DashboardSummary {
  applications: (OverviewApplication & {
    /** Records of the last 7 days, oldest day first, today last (in the requested time zone). */
    week: number[];
  })[];
  latest: OverviewRecord[];
  usage: {
    limits: {
      submissions: number | null;
      applications: number | null;
      teamMembers: number | null;
      storageGb: number | null;
    };
    usage: { submissions: number; applications: number; teamMembers: number; storageBytes: number };
  };
}

export const DASHBOARD_DAYS = 7;
export const DASHBOARD_LATEST = 8;
