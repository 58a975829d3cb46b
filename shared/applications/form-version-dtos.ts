/** One version of a form in the designer's history (GET /api/applications/:id/versions). */
export interface FormVersionSummary {
  version: number;
  /** When the version was made (version 1: when the application was created). */
  createdAt: string;
  /** Who saved it; null once that account is gone. */
  createdByName: string | null;
  fieldCount: number;
  current: boolean;
}

export interface FormVersionsResponse {
  /** Newest first. */
  versions: FormVersionSummary[];
}
