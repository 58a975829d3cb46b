import { api } from "../../../lib/api-client.ts";
import type {
  AdminApplication,
  AdminEmailDetail,
  AdminEmailSummary,
  AdminMessageDetail,
  AdminMessageSummary,
  AdminRevenue,
  AdminUserDetail,
  AdminUserSummary,
  Page,
} from "../../../../shared/admin/admin-dtos.ts";
import type { MessageKind, MessageStatus, UserLimitsInput } from "../../../../shared/admin/admin-schemas.ts";

export interface ListParams {
  q: string;
  page: number;
  status?: MessageStatus;
}

function listPath(path: string, { q, page, status }: ListParams): string {
  const search = new URLSearchParams({ page: String(page) });
  if (q) search.set("q", q);
  if (status) search.set("status", status);
  return `${path}?${search.toString()}`;
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;
const messagePath = (kind: MessageKind, id: string) => `/api/admin/messages/${kind}/${encodeURIComponent(id)}`;

export const adminApi = {
  users: (params: ListParams) => api.get<Page<AdminUserSummary>>(listPath("/api/admin/users", params)),
  user: (id: string) => api.get<AdminUserDetail>(userPath(id)),
  saveLimits: (id: string, limits: UserLimitsInput) =>
    api.put<AdminUserDetail>(`${userPath(id)}/limits`, { ...limits }),
  setDisabled: (id: string, disabled: boolean) => api.patch<AdminUserDetail>(`${userPath(id)}/status`, { disabled }),
  resendVerification: (id: string) => api.post<void>(`${userPath(id)}/verification-email`),
  sendPasswordReset: (id: string) => api.post<void>(`${userPath(id)}/password-reset`),
  applications: (params: ListParams) => api.get<Page<AdminApplication>>(listPath("/api/admin/applications", params)),
  emails: (params: ListParams) => api.get<Page<AdminEmailSummary>>(listPath("/api/admin/emails", params)),
  email: (id: string) => api.get<AdminEmailDetail>(`/api/admin/emails/${encodeURIComponent(id)}`),
  messages: (params: ListParams) => api.get<Page<AdminMessageSummary>>(listPath("/api/admin/messages", params)),
  message: (kind: MessageKind, id: string) => api.get<AdminMessageDetail>(messagePath(kind, id)),
  reply: (kind: MessageKind, id: string, body: string) =>
    api.post<AdminMessageDetail>(`${messagePath(kind, id)}/replies`, { body }),
  setMessageStatus: (kind: MessageKind, id: string, status: MessageStatus) =>
    api.patch<AdminMessageDetail>(messagePath(kind, id), { status }),
  revenue: () => api.get<AdminRevenue>("/api/admin/revenue"),
};
