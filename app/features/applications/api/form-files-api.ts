import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { FormFileDto, FormFilesDto } from "../../../../shared/form-files/form-files.ts";
import { formVersionsQueryKey } from "./applications-api.ts";

export const formFilesQueryKey = (id: string) => ["application", id, "form-files"] as const;

function path(applicationId: string): string {
  return `/api/applications/${encodeURIComponent(applicationId)}/form-files`;
}

/** The bytes as base64, the way the upload route takes them (one JSON body). */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

export function useFormFiles(applicationId: string) {
  return useQuery({
    queryKey: formFilesQueryKey(applicationId),
    queryFn: () => api.get<FormFilesDto>(path(applicationId)),
  });
}

/** The names of the form's attached images, which options may show; none before the form is first saved. */
export function useAttachedImageNames(applicationId: string | undefined): string[] {
  const files = useQuery({
    queryKey: formFilesQueryKey(applicationId ?? ""),
    queryFn: () => api.get<FormFilesDto>(path(applicationId ?? "")),
    enabled: applicationId !== undefined,
  });
  return (files.data?.files ?? []).filter((file) => file.kind === "image").map((file) => file.name);
}

/** Attach (or replace, by name) and remove files; either may make a new form version, so the history refreshes. */
export function useFormFileChanges(applicationId: string) {
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: formFilesQueryKey(applicationId) }),
      queryClient.invalidateQueries({ queryKey: formVersionsQueryKey(applicationId) }),
    ]);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      api.post<FormFileDto>(path(applicationId), { name: file.name, data: await base64Of(file) }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => api.delete<void>(`${path(applicationId)}/${encodeURIComponent(fileId)}`),
    onSettled: settle,
  });
  return { upload, remove };
}
