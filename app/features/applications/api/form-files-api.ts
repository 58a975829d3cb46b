import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import { attachFormFile, listFormFiles, removeFormFile } from "../../../../shared/api/contracts/form-files.ts";
import { formVersionsQueryKey } from "./applications-api.ts";

/** Under the application's key (its path), which the designer invalidates as a whole. */
export const formFilesQueryKey = (id: string) => queryKeyOf(listFormFiles, { params: { id } });

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
    queryFn: () => callApi(listFormFiles, { params: { id: applicationId } }),
  });
}

/** The names of the form's attached images, which options may show; none before the form is first saved. */
export function useAttachedImageNames(applicationId: string | undefined): string[] {
  const files = useQuery({
    queryKey: formFilesQueryKey(applicationId ?? ""),
    queryFn: () => callApi(listFormFiles, { params: { id: applicationId ?? "" } }),
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
      callApi(attachFormFile, { params: { id: applicationId }, body: { name: file.name, data: await base64Of(file) } }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => callApi(removeFormFile, { params: { id: applicationId, fileId } }),
    onSettled: settle,
  });
  return { upload, remove };
}
