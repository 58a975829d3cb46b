import { useTranslation } from "react-i18next";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog.tsx";
import type { LimitOverage } from "../../../../shared/billing/billing-dtos.ts";
import type { BlockedDowngrade } from "../hooks/use-billing-actions.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";

/** A refused downgrade (DOWNGRADE_BLOCKED): each limit the usage exceeds on the target plan, and by how much. */
export function DowngradeBlockedDialog({
  blocked,
  onClose,
}: {
  blocked: BlockedDowngrade | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["subscription", "errors"]);
  const format = useBillingFormat();
  const amount = (overage: LimitOverage, value: number) =>
    overage.resource === "storageBytes" ? format.storage(value) : String(value);
  return (
    <AlertDialog open={blocked !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t("subscription:downgrade.title", { plan: blocked ? t(`subscription:plans.names.${blocked.tier}`) : "" })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {blocked && blocked.overages.length > 0 ? t("subscription:downgrade.intro") : t("errors:downgradeBlocked")}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {blocked && blocked.overages.length > 0 ? (
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm" data-testid="downgrade-overages">
            {blocked.overages.map((overage) => (
              <li key={overage.resource}>
                {t("subscription:downgrade.over", {
                  resource: t(`subscription:usage.resources.${overage.resource}`),
                  used: amount(overage, overage.used),
                  limit: amount(overage, overage.limit),
                  over: amount(overage, overage.over),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm text-muted-foreground">{t("subscription:downgrade.hint")}</p>
        <AlertDialogFooter>
          <AlertDialogAction onClick={onClose}>{t("subscription:downgrade.close")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
