import type { InviteReason, InviteValidation } from "../../../shared/team/team-dtos.ts";

/** The statuses of the accept-invite card (spec 000 §4). */
export type AcceptStatus =
  "loading" | "need_login" | "need_signup" | "accepted" | "expired" | "already_member" | "error" | "invalid";

/** already_accepted is shown as already_member. */
export function statusOfReason(reason: InviteReason): Extract<AcceptStatus, "invalid" | "expired" | "already_member"> {
  if (reason === "expired") return "expired";
  if (reason === "already_member" || reason === "already_accepted") return "already_member";
  return "invalid";
}

/** Where a validation result leaves the page: a refusal's state, or the form the invitee needs (login if the account exists). */
export function statusOfValidation(validation: InviteValidation): AcceptStatus {
  if (!validation.isValid || !validation.invite) return statusOfReason(validation.reason ?? "invalid");
  return validation.hasAccount ? "need_login" : "need_signup";
}

/** The toast that explains a refused acceptance (its key in the "invites" namespace). */
export function refusalToastKey(
  status: AcceptStatus,
): "toasts.expired" | "toasts.alreadyMember" | "toasts.invalid" | "toasts.acceptFailed" {
  if (status === "expired") return "toasts.expired";
  if (status === "already_member") return "toasts.alreadyMember";
  if (status === "invalid") return "toasts.invalid";
  return "toasts.acceptFailed";
}
