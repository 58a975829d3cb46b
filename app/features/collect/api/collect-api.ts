import { useQuery } from "@tanstack/react-query";
import { ApiClientError, isNetworkError } from "../../../lib/api-client.ts";
import { callApi, deviceKey, queryKeyOf } from "../../../lib/api-call.ts";
import { getApplicationLimit } from "../../../../shared/api/contracts/limits.ts";
import { getApplication } from "../../../../shared/api/contracts/applications.ts";
import { listCollectMapRecords } from "../../../../shared/api/contracts/collect-map.ts";
import { listFormFiles } from "../../../../shared/api/contracts/form-files.ts";
import { getSubmission } from "../../../../shared/api/contracts/submissions.ts";
import { listTeamLayers } from "../../../../shared/api/contracts/team-layers.ts";
import { cacheApplication, getCachedApplication } from "../../../offline/app-cache.ts";
import { loadFormFiles } from "../../../offline/form-files.ts";
import { loadTeamLayers } from "../../../offline/team-layers.ts";
import { loadMapRecords } from "../../../offline/collect-map-records.ts";
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
  /** The form's version when this load replaced an older cached version of it (the phone says so); else null. */
  updatedToVersion: number | null;
}

/**
 * Online: GET /api/applications/:id, stored on the device so the form opens without signal later.
 * No network: the stored copy, or ApplicationUnavailableOffline.
 */
export async function loadApplication(userId: string, applicationId: string): Promise<LoadedApplication> {
  try {
    const detail: ApplicationDetailSnapshot = await callApi(getApplication, { params: { id: applicationId } });
    const previous = await getCachedApplication(userId, applicationId).catch(() => undefined);
    // A failed cache write (quota, private mode) must not stop collecting while online.
    const cached = await cacheApplication(userId, detail).catch(() => null);
    const version = detail.application.formVersion;
    const updated = cached !== null && previous !== undefined && previous.application.formVersion < version;
    return { detail, cachedAt: cached?.cachedAt ?? null, fromCache: false, updatedToVersion: updated ? version : null };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await getCachedApplication(userId, applicationId).catch(() => undefined);
    if (!cached) throw new ApplicationUnavailableOffline();
    return {
      detail: { application: cached.application, fields: cached.fields, permissions: cached.permissions },
      cachedAt: cached.cachedAt,
      fromCache: true,
      updatedToVersion: null,
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
  return callApi(getApplicationLimit, { params: { id: applicationId } });
}

/** A stored record as the edit form needs it. */
export async function loadSubmission(applicationId: string, submissionId: string): Promise<SubmissionDto> {
  const { submission } = await callApi(getSubmission, { params: { id: applicationId, submissionId } });
  return submission;
}

const APP_STALE_MS = 5 * 60 * 1000;
const LIMIT_STALE_MS = 30 * 1000;

/** The server's reads the collect screen makes; those it answers from the device offline take `deviceKey`. */
export const collectKeys = {
  application: (userId: string, applicationId: string) =>
    deviceKey(queryKeyOf(getApplication, { params: { id: applicationId } }), userId),
  limit: (applicationId: string) => queryKeyOf(getApplicationLimit, { params: { id: applicationId } }),
  files: (userId: string, applicationId: string, formVersion: number | undefined) =>
    deviceKey(queryKeyOf(listFormFiles, { params: { id: applicationId }, query: { version: formVersion } }), userId),
  layers: (userId: string, applicationId: string) =>
    deviceKey(queryKeyOf(listTeamLayers, { params: { id: applicationId } }), userId),
  mapRecords: (userId: string, applicationId: string) =>
    deviceKey(queryKeyOf(listCollectMapRecords, { params: { id: applicationId } }), userId),
  submission: (applicationId: string, submissionId: string | null) =>
    queryKeyOf(getSubmission, { params: { id: applicationId, submissionId: submissionId ?? "" } }),
};

/** Refusals the server decided on are final; a timeout or 5xx gets one more try. */
const retryOnceUnlessRefused = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiClientError && error.status < 500);

export function useCollectApplication(userId: string, applicationId: string) {
  return useQuery({
    queryKey: collectKeys.application(userId, applicationId),
    queryFn: () => loadApplication(userId, applicationId),
    staleTime: APP_STALE_MS,
    // Offline the query must still run: it answers from the device's copy.
    networkMode: "always",
    retry: (failures, error) =>
      !(error instanceof ApplicationUnavailableOffline) && retryOnceUnlessRefused(failures, error),
  });
}

export function useOwnerLimit(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: collectKeys.limit(applicationId),
    queryFn: () => loadSubmissionLimit(applicationId),
    staleTime: LIMIT_STALE_MS,
    retry: 1,
    enabled,
  });
}

export function useEditableSubmission(applicationId: string, submissionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: collectKeys.submission(applicationId, submissionId),
    queryFn: () => loadSubmission(applicationId, submissionId ?? ""),
    enabled: submissionId !== null && enabled,
    retry: retryOnceUnlessRefused,
  });
}

/** The files of the form version being collected (kept on the device with the form; a new version fetches anew). */
export function useCollectFormFiles(userId: string, applicationId: string, formVersion: number | undefined) {
  return useQuery({
    queryKey: collectKeys.files(userId, applicationId, formVersion),
    queryFn: () => loadFormFiles(userId, applicationId, formVersion ?? 1),
    enabled: formVersion !== undefined,
    staleTime: APP_STALE_MS,
    networkMode: "always",
    retry: retryOnceUnlessRefused,
  });
}

/** The application's team layers for the collect maps (kept on the device with the form, read from there offline). */
export function useCollectTeamLayers(userId: string, applicationId: string) {
  return useQuery({
    queryKey: collectKeys.layers(userId, applicationId),
    queryFn: () => loadTeamLayers(userId, applicationId),
    staleTime: APP_STALE_MS,
    networkMode: "always",
    retry: retryOnceUnlessRefused,
  });
}

/**
 * The previous records for the collect map, fetched with the form (so they are on the phone when the signal goes)
 * and merged with the outbox; refreshed after a save.
 */
export function useCollectMapRecords(userId: string, applicationId: string) {
  return useQuery({
    queryKey: collectKeys.mapRecords(userId, applicationId),
    queryFn: () => loadMapRecords(userId, applicationId),
    staleTime: APP_STALE_MS,
    networkMode: "always",
    retry: retryOnceUnlessRefused,
  });
}
