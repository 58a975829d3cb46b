import type { TFunction } from "i18next";
import { toast } from "../../lib/toast.ts";
import type { SentInvite } from "../../../shared/team/team-dtos.ts";

/**
 * Spec 000 §4: the invite is sent by e-mail, or — when the e-mail failed — created with its link copied to the
 * clipboard for the inviter to pass on.
 */
export async function announceSentInvite(t: TFunction, result: SentInvite): Promise<void> {
  if (result.emailSent || !result.link) {
    toast.success(t("team:invite.sent"), {
      description: t("team:invite.sentDescription", { email: result.invite.email }),
    });
    return;
  }
  try {
    await navigator.clipboard.writeText(result.link);
    toast.warning(t("team:invite.linkCopied"), { description: t("team:invite.linkCopiedDescription") });
  } catch {
    toast.warning(t("team:invite.linkManual"), { description: result.link, duration: 15_000 });
  }
}
