import { useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AlertCircle, CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { BackToSubscription } from "../components/back-to-subscription.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { billingApi, localSessionKey } from "../api/billing-api.ts";
import { TestPaymentBanner } from "../components/test-payment-banner.tsx";
import { useBillingFormat } from "../hooks/use-billing-format.ts";

/** /billing/local-checkout?session=ID: Campo's own stand-in for the provider's checkout when no Stripe key is set. */
export default function LocalCheckoutPage() {
  const { t } = useTranslation(["subscription", "errors"]);
  const format = useBillingFormat();
  const [params] = useSearchParams();
  const sessionId = params.get("session") ?? "";
  const session = useQuery({
    queryKey: localSessionKey(sessionId),
    queryFn: () => billingApi.localSession(sessionId),
    enabled: sessionId !== "",
  });
  const [leaving, setLeaving] = useState<"pay" | "cancel" | null>(null);

  const finish = async (kind: "pay" | "cancel") => {
    setLeaving(kind);
    try {
      const { redirectUrl } = await (kind === "pay"
        ? billingApi.payLocal(sessionId)
        : billingApi.cancelLocal(sessionId));
      window.location.assign(redirectUrl);
    } catch (error) {
      setLeaving(null);
      toast.error(t("subscription:toast.checkoutError"), { description: apiErrorText(t, error) });
    }
  };

  let body;
  if (sessionId !== "" && session.isPending) body = <Skeleton className="h-64 w-full" />;
  else if (!session.data) {
    body = (
      <Card role="alert">
        <CardHeader className="items-center gap-3 text-center">
          <AlertCircle className="size-10 text-destructive" aria-hidden />
          <CardTitle>{session.error ? apiErrorText(t, session.error) : t("subscription:local.loadFailed")}</CardTitle>
        </CardHeader>
      </Card>
    );
  } else {
    const data = session.data;
    const open = data.status === "open";
    body = (
      <Card>
        <CardHeader>
          <CardTitle level={1} className="text-xl">
            {t("subscription:local.checkoutTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-muted-foreground">{t("subscription:local.plan")}</dt>
            <dd className="font-medium" data-testid="checkout-plan">
              {t(`subscription:plans.names.${data.tier}`)}
            </dd>
            <dt className="text-muted-foreground">{t("subscription:local.cycle")}</dt>
            <dd className="font-medium">{t(`subscription:cycle.${data.billingCycle}`)}</dd>
            <dt className="text-muted-foreground">{t("subscription:local.amount")}</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="checkout-amount">
              {format.money(data.amountCents, data.currency)}
            </dd>
          </dl>
          {open ? null : <p className="mt-4 text-sm font-medium">{t(`subscription:local.closed.${data.status}`)}</p>}
        </CardContent>
        {open ? (
          <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              onClick={() => void finish("cancel")}
              loading={leaving === "cancel"}
              disabled={leaving !== null}
            >
              {t("subscription:local.cancel")}
            </Button>
            <Button
              className="w-full sm:w-auto"
              onClick={() => void finish("pay")}
              loading={leaving === "pay"}
              disabled={leaving !== null}
            >
              <CreditCard aria-hidden />
              {t("subscription:local.pay")}
            </Button>
          </CardFooter>
        ) : null}
      </Card>
    );
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <BackToSubscription />
      <TestPaymentBanner />
      {body}
    </div>
  );
}
