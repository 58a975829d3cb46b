import type { FormVersionSummaryRow } from "../db/queries/form-versions.ts";
import type { FormVersionsResponse } from "../../shared/applications/form-version-dtos.ts";

/** Newest first; the snapshots themselves stay on the server. */
export function presentFormVersions(rows: readonly FormVersionSummaryRow[], current: number): FormVersionsResponse {
  return {
    versions: [...rows]
      .sort((a, b) => b.version - a.version)
      .map((row) => ({
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        createdByName: row.createdByName,
        fieldCount: row.fieldCount,
        current: row.version === current,
      })),
  };
}
