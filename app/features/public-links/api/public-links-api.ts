import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type {
  PublicLinkDto,
  PublicLinkInput,
  PublicLinkUpdate,
} from "../../../../shared/public-links/public-link-dtos.ts";

const base = (applicationId: string) => `/api/applications/${applicationId}/public-links`;
const linksKey = (applicationId: string) => ["public-links", applicationId];

export function usePublicLinks(applicationId: string) {
  return useQuery({
    queryKey: linksKey(applicationId),
    queryFn: () => api.get<{ links: PublicLinkDto[] }>(base(applicationId)),
    select: (body) => body.links,
  });
}

export function useCreatePublicLink(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicLinkInput) => api.post<{ link: PublicLinkDto }>(base(applicationId), { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(applicationId) }),
  });
}

export function useUpdatePublicLink(applicationId: string, linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicLinkUpdate) =>
      api.patch<{ link: PublicLinkDto }>(`${base(applicationId)}/${linkId}`, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(applicationId) }),
  });
}

export function useRevokePublicLink(applicationId: string, linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ link: PublicLinkDto }>(`${base(applicationId)}/${linkId}/revoke`, {}),
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
