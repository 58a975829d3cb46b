import type { TFunction } from "i18next";
import { toast } from "sonner";
import { ApiClientError } from "../../lib/api-client.ts";
import { ERRORS } from "../../../shared/errors.ts";
import type { SentInvite } from "../../../shared/team/team-dtos.ts";

/** The catalogue's translated text for an API error ("errors" namespace), else the fallback. */
export function teamErrorText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiClientError) return t(`errors:${ERRORS[error.code].key}`, { defaultValue: error.message || fallback });
  return fallback;
}

/**
 * Spec 000 §4: the invite is sent by e-mail, or — when the e-mail failed — created with its link copied to the
 * clipboard for the inviter to pass on.
 */
export async function announceSentInvite(t: TFunction, result: SentInvite): Promise<void> {
  if (result.emailSent || !result.link) {
    toast.success(t("team:invite.sent"), { description: t("team:invite.sentDescription", { email: result.invite.email }) });
    return;
  }
  try {
    await navigator.clipboard.writeText(result.link);
    toast.warning(t("team:invite.linkCopied"), { description: t("team:invite.linkCopiedDescription") });
  } catch {
    toast.warning(t("team:invite.linkManual"), { description: result.link, duration: 15_000 });
  }
}
