import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { KeyRound, MailCheck, UserCheck, UserX } from "lucide-react";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { useSession } from "../../../lib/session.tsx";
import type { AdminUserSummary } from "../../../../shared/admin/admin-dtos.ts";
import { adminApi } from "../api/admin-api.ts";
import { useAdminMutation } from "../hooks/use-admin-queries.ts";

/** Disable or enable the account, resend the verification e-mail, send a password reset. */
export function AccountActions({ user }: { user: AdminUserSummary }) {
  const { t } = useTranslation("admin");
  const { me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const status = useAdminMutation((disabled: boolean) => adminApi.setDisabled(user.id, disabled));
  const verification = useAdminMutation(() => adminApi.resendVerification(user.id));
  const reset = useAdminMutation(() => adminApi.sendPasswordReset(user.id));
  const isSelf = me?.user.id === user.id;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toast.error(apiErrorText(t, error));
    }
  };
  const setDisabled = async (disabled: boolean) => {
    await run(() => status.mutateAsync([disabled]), t(disabled ? "user.disabledToast" : "user.enabledToast"));
    setConfirming(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("user.account")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {user.disabled ? <Badge variant="destructive">{t("users.disabled")}</Badge> : null}
          <Badge variant={user.emailVerified ? "success" : "outline"}>
            {t(user.emailVerified ? "user.verified" : "users.unverified")}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.emailVerified ? null : (
            <Button
              variant="outline"
              loading={verification.isPending}
              onClick={() => void run(() => verification.mutateAsync([]), t("user.verificationSent"))}
            >
              <MailCheck aria-hidden />
              {t("user.resendVerification")}
            </Button>
          )}
          <Button
            variant="outline"
            loading={reset.isPending}
            onClick={() => void run(() => reset.mutateAsync([]), t("user.resetSent"))}
          >
            <KeyRound aria-hidden />
            {t("user.sendReset")}
          </Button>
          {user.disabled ? (
            <Button variant="secondary" loading={status.isPending} onClick={() => void setDisabled(false)}>
              <UserCheck aria-hidden />
              {t("user.enable")}
            </Button>
          ) : (
            <Button variant="destructive" disabled={isSelf} onClick={() => setConfirming(true)}>
              <UserX aria-hidden />
              {t("user.disable")}
            </Button>
          )}
        </div>
        {isSelf ? <p className="text-xs text-muted-foreground">{t("user.self")}</p> : null}
      </CardContent>
      <ConfirmActionDialog
        open={confirming}
        title={t("user.disableTitle", { name: user.name || user.email })}
        description={t("user.disableDescription")}
        confirmLabel={t("user.disable")}
        busyLabel={t("user.disable")}
        busy={status.isPending}
        onConfirm={() => void setDisabled(true)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
