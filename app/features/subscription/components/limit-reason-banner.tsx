import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import type { BillingLimitsDto, LimitReason } from "../../../../shared/billing/billing-dtos.ts";
import { PLANS } from "../../../../shared/plans/plans.ts";
import { currentLimit, planLimit, upgradeFor } from "../logic/limit-reason.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";

/** /subscription?limit=…: which limit sent the owner here and what the plan that lifts it gives. */
export function LimitReasonBanner({ reason, limits }: { reason: LimitReason; limits: BillingLimitsDto | undefined }) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const now = limits ? currentLimit(reason, limits) : null;
  const upgrade = limits ? upgradeFor(reason, limits) : null;
  return (
    <Alert variant="warning" data-testid="limit-reason-banner">
      <TriangleAlert aria-hidden />
      <div className="flex flex-col gap-1">
        <AlertTitle>{t(`limit.title.${reason}`)}</AlertTitle>
        <AlertDescription>
          {now !== null ? <p>{t(`limit.text.${reason}`, { limit: now })}</p> : null}
          {limits ? (
            <p className="font-medium text-foreground">
              {upgrade
                ? t(`limit.offer.${reason}`, {
                    plan: t(`plans.names.${upgrade}`),
                    limit: planLimit(reason, upgrade),
                    price: format.money(PLANS[upgrade].monthlyPriceCents ?? 0),
                  })
                : t("limit.offerCustom")}
            </p>
          ) : null}
        </AlertDescription>
      </div>
    </Alert>
  );
}
