import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertTriangle, ArrowLeftRight, CreditCard, FlaskConical, RotateCcw, XCircle } from "lucide-react";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { Alert, AlertDescription } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import { PLANS } from "../../../../shared/plans/plans.ts";
import type { useBillingActions } from "../hooks/use-billing-actions.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";
import { cardBrand } from "../logic/billing-format.ts";
import { StatusBadge } from "./status-badge.tsx";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

interface SubscriptionSummaryProps {
  subscription: SubscriptionDto;
  actions: ReturnType<typeof useBillingActions>;
  onViewPlans: () => void;
}

/** 'Minha assinatura': plan, cycle, state, next charge, payment method and the actions the state allows. */
export function SubscriptionSummary({ subscription, actions, onViewPlans }: SubscriptionSummaryProps) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const plan = t(`plans.names.${subscription.tier}`);
  const { state, nextCharge, paymentMethod, currentPeriodEnd } = subscription;
  const paid = subscription.subscribed && !subscription.isCustomPlan;
  const free = PLANS.free.limits;

  const cancel = async () => {
    if (await actions.cancelSubscription()) setConfirmCancel(false);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-xl">{plan}</CardTitle>
        <StatusBadge state={state} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === "past_due" ? (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden />
            <AlertDescription className="text-foreground">{t("mine.pastDue")}</AlertDescription>
          </Alert>
        ) : null}
        {state === "canceling" && currentPeriodEnd ? (
          <p className="text-sm">{t("mine.endsOn", { date: format.day(currentPeriodEnd) })}</p>
        ) : null}
        {state === "canceled" ? <p className="text-sm text-muted-foreground">{t("mine.canceled")}</p> : null}
        {state === "free" ? (
          <p className="text-sm text-muted-foreground">
            {t("mine.freeIntro", {
              records: free.maxSubmissions,
              applications: free.maxApplications,
              members: free.maxTeamMembers,
            })}
          </p>
        ) : null}
        {subscription.isCustomPlan ? <p className="text-sm text-muted-foreground">{t("plans.customOwner")}</p> : null}
        {subscription.subscribed ? (
          <dl className="grid gap-4 sm:grid-cols-3">
            <Item label={t("mine.cycle")}>
              {subscription.billingCycle ? t(`cycle.${subscription.billingCycle}`) : "—"}
            </Item>
            <Item label={t("mine.nextCharge")}>
              {nextCharge
                ? t("mine.nextChargeValue", {
                    amount: format.money(nextCharge.amountCents, nextCharge.currency),
                    date: format.day(nextCharge.date),
                  })
                : t("mine.noCharge")}
            </Item>
            <Item label={t("mine.paymentMethod")}>
              {paymentMethod ? (
                <span className="inline-flex items-center gap-2">
                  <CreditCard className="size-4 text-muted-foreground" aria-hidden />
                  {t("mine.card", { brand: cardBrand(paymentMethod.brand), last4: paymentMethod.last4 })}
                </span>
              ) : (
                t("mine.noPaymentMethod")
              )}
            </Item>
          </dl>
        ) : null}
        {subscription.provider === "local" ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <FlaskConical className="size-4" aria-hidden />
            {t("mine.testProvider")}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {paid ? (
          <>
            <Button onClick={onViewPlans}>
              <ArrowLeftRight aria-hidden />
              {t("mine.changePlan")}
            </Button>
            <Button variant="outline" onClick={() => void actions.openPortal()} loading={actions.leaving}>
              <CreditCard aria-hidden />
              {t("mine.managePayment")}
            </Button>
            {state === "canceling" ? (
              <Button variant="outline" onClick={() => void actions.resumeSubscription()} loading={actions.resuming}>
                <RotateCcw aria-hidden />
                {t("mine.resume")}
              </Button>
            ) : (
              <Button
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirmCancel(true)}
              >
                <XCircle aria-hidden />
                {t("mine.cancel")}
              </Button>
            )}
          </>
        ) : (
          <Button onClick={onViewPlans}>{t("mine.viewPlans")}</Button>
        )}
      </CardFooter>
      <ConfirmActionDialog
        open={confirmCancel}
        title={t("cancel.title")}
        description={
          <>
            <span className="block">
              {t("cancel.text", { plan, date: currentPeriodEnd ? format.day(currentPeriodEnd) : "—" })}
            </span>
            <span className="mt-2 block">{t("cancel.data")}</span>
          </>
        }
        confirmLabel={t("cancel.confirm")}
        busyLabel={t("cancel.busy")}
        busy={actions.cancelling}
        onConfirm={() => void cancel()}
        onClose={() => setConfirmCancel(false)}
      />
    </Card>
  );
}
