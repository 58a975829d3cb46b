import { api, ApiClientError, isNetworkError } from "../../../lib/api-client.ts";
import { cacheApplication, getCachedApplication } from "../../../offline/app-cache.ts";
import type { ApplicationDetailSnapshot } from "../../../offline/types.ts";
import type { OwnerLimitInfo, SubmissionDto } from "../../../../shared/applications/application-dtos.ts";

/** Offline with no copy of the application on this device (spec 001 §8, app load). */
export class ApplicationUnavailableOffline extends Error {
  constructor() {
    super("Application not available offline");
    this.name = "ApplicationUnavailableOffline";
  }
}

export interface LoadedApplication {
  detail: ApplicationDetailSnapshot;
  /** When this device last stored the application for offline use. */
  cachedAt: string | null;
  fromCache: boolean;
}

/**
 * Online: GET /api/applications/:id, stored on the device so the form opens without signal later.
 * No network: the stored copy, or ApplicationUnavailableOffline.
 */
export async function loadApplication(userId: string, applicationId: string): Promise<LoadedApplication> {
  try {
    const detail = await api.get<ApplicationDetailSnapshot>(`/api/applications/${encodeURIComponent(applicationId)}`);
    // A failed cache write (quota, private mode) must not stop collecting while online.
    const cached = await cacheApplication(userId, detail).catch(() => null);
    return { detail, cachedAt: cached?.cachedAt ?? null, fromCache: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await getCachedApplication(userId, applicationId).catch(() => undefined);
    if (!cached) throw new ApplicationUnavailableOffline();
    return {
      detail: { application: cached.application, fields: cached.fields, permissions: cached.permissions },
      cachedAt: cached.cachedAt,
      fromCache: true,
    };
  }
}

export function isApplicationNotFound(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    (error.code === "APPLICATION_NOT_FOUND" || error.status === 404 || error.status === 403)
  );
}

/** GET /api/applications/:id/limit: the owner's record cap and usage. */
export function loadSubmissionLimit(applicationId: string): Promise<OwnerLimitInfo> {
  return api.get<OwnerLimitInfo>(`/api/applications/${encodeURIComponent(applicationId)}/limit`);
}

/** A stored record as the edit form needs it. */
export async function loadSubmission(applicationId: string, submissionId: string): Promise<SubmissionDto> {
  const { submission } = await api.get<{ submission: SubmissionDto }>(
    `/api/applications/${encodeURIComponent(applicationId)}/submissions/${encodeURIComponent(submissionId)}`,
  );
  return submission;
}
