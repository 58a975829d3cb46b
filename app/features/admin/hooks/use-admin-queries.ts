import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi, type ListParams } from "../api/admin-api.ts";
import type { MessageKind } from "../../../../shared/admin/admin-schemas.ts";

/** Every admin query lives under this key: a change re-reads the lists and pages that show it. */
export const ADMIN_KEY = ["admin"] as const;

// The panel shows other people's live data: no retries on a refusal, fresh on every visit.
const LIVE = { retry: 1, staleTime: 0 } as const;

export function useAdminUsers(params: ListParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "users", params],
    queryFn: () => adminApi.users(params),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: [...ADMIN_KEY, "user", id], queryFn: () => adminApi.user(id), ...LIVE });
}

export function useAdminApplications(params: ListParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "applications", params],
    queryFn: () => adminApi.applications(params),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export function useAdminMessages(params: ListParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "messages", params],
    queryFn: () => adminApi.messages(params),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export function useAdminMessage(kind: MessageKind, id: string) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "message", kind, id],
    queryFn: () => adminApi.message(kind, id),
    ...LIVE,
  });
}

export function useAdminEmails(params: ListParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, "emails", params],
    queryFn: () => adminApi.emails(params),
    placeholderData: keepPreviousData,
    ...LIVE,
  });
}

export function useAdminEmail(id: string) {
  return useQuery({ queryKey: [...ADMIN_KEY, "email", id], queryFn: () => adminApi.email(id), ...LIVE });
}

export function useAdminRevenue() {
  return useQuery({ queryKey: [...ADMIN_KEY, "revenue"], queryFn: adminApi.revenue, ...LIVE });
}

/** A change made from the panel; everything under ADMIN_KEY is re-read once it settles. */
export function useAdminMutation<Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => run(...args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
