import { callApi } from "../../../lib/api-call.ts";
import * as admin from "../../../../shared/api/contracts/admin.ts";
import type { MessageKind, MessageStatus, UserLimitsInput } from "../../../../shared/admin/admin-schemas.ts";

export interface ListParams {
  q: string;
  page: number;
  status?: MessageStatus;
}

/** A list's query as the panel sends it: an empty search is left out, the page always given. */
export const listInput = ({ q, page }: ListParams) => ({ query: { page, ...(q ? { q } : {}) } });
export const messageListInput = (params: ListParams) => ({
  query: { ...listInput(params).query, ...(params.status ? { status: params.status } : {}) },
});
export const userInput = (id: string) => ({ params: { id } });
export const messageInput = (kind: MessageKind, id: string) => ({ params: { kind, id } });

export const adminApi = {
  saveLimits: (id: string, limits: UserLimitsInput) =>
    callApi(admin.setAdminUserLimits, { ...userInput(id), body: limits }),
  setDisabled: (id: string, disabled: boolean) =>
    callApi(admin.setAdminUserStatus, { ...userInput(id), body: { disabled } }),
  resendVerification: (id: string) => callApi(admin.sendAdminVerificationEmail, userInput(id)),
  sendPasswordReset: (id: string) => callApi(admin.sendAdminPasswordReset, userInput(id)),
  reply: (kind: MessageKind, id: string, body: string) =>
    callApi(admin.replyToAdminMessage, { ...messageInput(kind, id), body: { body } }),
  setMessageStatus: (kind: MessageKind, id: string, status: MessageStatus) =>
    callApi(admin.setAdminMessageStatus, { ...messageInput(kind, id), body: { status } }),
};
