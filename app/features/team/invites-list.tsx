import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Mail, RotateCcw, X } from "lucide-react";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { Badge, type BadgeProps } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { isOpenInvite } from "../../../shared/team/invite-status.ts";
import type { Invite } from "../../../shared/team/team-dtos.ts";
import type { InviteStatus } from "../../../shared/team/team-schemas.ts";
import { teamApi, useTeamMutation } from "./team-api.ts";
import { announceSentInvite } from "./team-feedback.ts";
import { apiErrorText } from "../../lib/api-error-text.ts";

const STATUS_BADGE: Record<InviteStatus, BadgeProps["variant"]> = {
  pending: "warning",
  accepted: "success",
  expired: "destructive",
  replaced: "secondary",
};

/** Sent invites with their status; pending and expired ones can be sent again (spec 000 §4) or cancelled. */
export function InvitesList({ invites }: { invites: Invite[] }) {
  const { t, i18n } = useTranslation("team");
  const resend = useTeamMutation(teamApi.resend);
  const cancel = useTeamMutation(teamApi.cancelInvite);
  const [cancelling, setCancelling] = useState<Invite | null>(null);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

  const send = async (invite: Invite) => {
    try {
      await announceSentInvite(t, await resend.mutateAsync([invite.id]));
    } catch (error) {
      toast.error(t("invite.failed"), { description: apiErrorText(t, error) });
    }
  };

  const confirmCancel = async (invite: Invite) => {
    try {
      await cancel.mutateAsync([invite.id]);
      toast.success(t("invites.cancelled", { email: invite.email }));
    } catch (error) {
      toast.error(t("invites.cancelFailed"), { description: apiErrorText(t, error) });
    } finally {
      setCancelling(null);
    }
  };

  if (invites.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        {t("invites.empty")}
      </p>
    );
  return (
    <>
      <ul className="flex flex-col divide-y rounded-md border" aria-label={t("invites.title")}>
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-3"
            data-testid="invite-row"
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-medium">
                  {invite.name} <span className="break-all font-normal text-muted-foreground">· {invite.email}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {invite.applications.map((app) => `${app.name} (${t(`common:roles.${app.role}`)})`).join(", ")}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("invites.dates", { sent: date(invite.sentAt), expires: date(invite.expiresAt) })}
                </p>
              </div>
            </div>
            <div className="flex items-center justify-end gap-2">
              <Badge variant={STATUS_BADGE[invite.status]}>{t(`invites.status.${invite.status}`)}</Badge>
              {isOpenInvite(invite.status) ? (
                <>
                  <Button size="sm" variant="outline" onClick={() => send(invite)} disabled={resend.isPending}>
                    <RotateCcw aria-hidden />
                    {t("invites.resend")}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setCancelling(invite)} disabled={cancel.isPending}>
                    <X aria-hidden />
                    {t("invites.cancel")}
                  </Button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        open={cancelling !== null}
        title={t("invites.cancelTitle")}
        description={t("invites.cancelDescription", { email: cancelling?.email ?? "" })}
        confirmLabel={t("invites.cancel")}
        busyLabel={t("invites.cancelling")}
        busy={cancel.isPending}
        onConfirm={() => cancelling && void confirmCancel(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </>
  );
}
