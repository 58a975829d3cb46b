import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import {
  createPublicLink,
  listPublicLinks,
  revokePublicLink,
  updatePublicLink,
} from "../../../../shared/api/contracts/public-links.ts";
import type { PublicLinkInput, PublicLinkUpdate } from "../../../../shared/public-links/public-link-dtos.ts";

const linksKey = (applicationId: string) => queryKeyOf(listPublicLinks, { params: { id: applicationId } });

export function usePublicLinks(applicationId: string) {
  return useQuery({
    queryKey: linksKey(applicationId),
    queryFn: () => callApi(listPublicLinks, { params: { id: applicationId } }),
    select: (body) => body.links,
  });
}

export function useCreatePublicLink(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicLinkInput) => callApi(createPublicLink, { params: { id: applicationId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(applicationId) }),
  });
}

export function useUpdatePublicLink(applicationId: string, linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicLinkUpdate) =>
      callApi(updatePublicLink, { params: { id: applicationId, linkId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(applicationId) }),
  });
}

export function useRevokePublicLink(applicationId: string, linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(revokePublicLink, { params: { id: applicationId, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(applicationId) }),
  });
}

/** The visitor's address of a link, on this site. */
export function publicLinkUrl(token: string): string {
  return `${window.location.origin}/f/${token}`;
}

/** The snippet a site pastes to show the form in its own page. */
export function embedSnippet(token: string, title: string): string {
  const escaped = title.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<iframe src="${publicLinkUrl(token)}" title="${escaped}" width="100%" height="720" style="border:0" allow="geolocation"></iframe>`;
}
