import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { BackToSubscription } from "../components/back-to-subscription.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { LOCAL_SIMULATIONS, type LocalSimulation } from "../../../../shared/billing/billing-dtos.ts";
import { billingApi, useBillingAction, useSubscription } from "../api/billing-api.ts";
import { InvoicesList } from "../components/invoices-list.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { TestPaymentBanner } from "../components/test-payment-banner.tsx";
import { cardBrand } from "../logic/billing-format.ts";

/** /billing/local-portal: the local provider's customer portal — payment method, invoices and its test controls. */
export default function LocalPortalPage() {
  const { t } = useTranslation(["subscription", "errors"]);
  const subscription = useSubscription();
  const simulate = useBillingAction(billingApi.simulate);
  const data = subscription.data;

  const run = async (event: LocalSimulation) => {
    try {
      await simulate.mutateAsync([event]);
      toast.success(t("subscription:toast.simulated"), { description: t(`subscription:local.simulate.${event}`) });
    } catch (error) {
      toast.error(t("subscription:toast.simulateError"), { description: apiErrorText(t, error) });
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <BackToSubscription to="/subscription?tab=mine" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("subscription:local.portalTitle")}</h1>
        <p className="mt-1 text-muted-foreground">{t("subscription:local.portalText")}</p>
      </div>
      <TestPaymentBanner />
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{data ? t(`subscription:plans.names.${data.tier}`) : t("subscription:mine.plan")}</CardTitle>
          {data ? <StatusBadge state={data.state} /> : null}
        </CardHeader>
        <CardContent>
          {data ? (
            <p className="flex items-center gap-2 text-sm">
              <CreditCard className="size-4 text-muted-foreground" aria-hidden />
              <span className="text-muted-foreground">{t("subscription:mine.paymentMethod")}:</span>
              <span className="font-medium">
                {data.paymentMethod
                  ? t("subscription:mine.card", {
                      brand: cardBrand(data.paymentMethod.brand),
                      last4: data.paymentMethod.last4,
                    })
                  : t("subscription:mine.noPaymentMethod")}
              </span>
            </p>
          ) : (
            <Skeleton className="h-5 w-64" />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("subscription:local.simulations")}</CardTitle>
          <CardDescription>{t("subscription:local.simulationsText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {LOCAL_SIMULATIONS.map((event) => (
              <li
                key={event}
                className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="text-sm text-muted-foreground">{t(`subscription:local.simulateText.${event}`)}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  onClick={() => void run(event)}
                  loading={simulate.isPending && simulate.variables?.[0] === event}
                  disabled={simulate.isPending}
                >
                  {t(`subscription:local.simulate.${event}`)}
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <InvoicesList />
    </div>
  );
}
