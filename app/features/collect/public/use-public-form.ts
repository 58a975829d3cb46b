import { useQuery } from "@tanstack/react-query";
import type { PublicFormDto } from "../../../../shared/public-links/public-link-dtos.ts";
import { getPublicForm, listPublicFormFiles } from "../../../../shared/api/contracts/public-links.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import { loadFormFiles } from "../../../offline/form-files.ts";
import { cachePublicForm, cachedPublicForm, linkOwnerKey } from "../../../offline/public-link-sync.ts";

/** The link is unknown or revoked (404), and the device holds no copy of its form. */
export class PublicLinkGone extends Error {}

export interface LoadedPublicForm {
  form: PublicFormDto;
  /** Read from the device: the server could not be reached. */
  fromCache: boolean;
}

/**
 * The link's form: from the server when it answers (then kept on the device), else the device's copy, so a visitor
 * who opened the link once fills it in offline. A revoked link keeps showing its last known state from the copy.
 */
async function loadPublicForm(token: string): Promise<LoadedPublicForm> {
  let form: PublicFormDto;
  try {
    form = await callApi(getPublicForm, { params: { token } });
  } catch (error) {
    const cached = await cachedPublicForm(token);
    if (error instanceof ApiClientError && error.status === 404) {
      if (cached) return { form: { ...cached.form, link: { ...cached.form.link, status: "revoked" } }, fromCache: true };
      throw new PublicLinkGone();
    }
    if (cached) return { form: cached.form, fromCache: true };
    throw error;
  }
  await cachePublicForm(token, form);
  return { form, fromCache: false };
}

export function usePublicForm(token: string) {
  return useQuery({
    queryKey: queryKeyOf(getPublicForm, { params: { token } }),
    queryFn: () => loadPublicForm(token),
    retry: false,
    staleTime: Infinity,
    networkMode: "always",
  });
}

/**
 * The files of the link's form (choice lists from files, `pulldata()` tables, choice images), read under the link's
 * token and kept on the device under the link, so the form opens complete offline after the first visit.
 */
export function usePublicFormFiles(token: string, form: PublicFormDto) {
  const { id, formVersion } = form.application;
  return useQuery({
    queryKey: resourceKey(listPublicFormFiles.path, { token }, { version: formVersion }),
    queryFn: () => loadFormFiles(linkOwnerKey(token), id, formVersion, { linkToken: token }),
    retry: false,
    staleTime: Infinity,
    networkMode: "always",
  });
}
