import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AlertCircle, CheckCircle2, Clock, Loader2, RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { announcePlanChanged } from "../../../offline/auto-sync.ts";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import { billingApi, storeSubscription } from "../api/billing-api.ts";

/** Spec 000 §2 / 001 §2: the check runs 2 s after the provider sends the owner back. */
export const SUCCESS_CHECK_DELAY_MS = 2000;

type Check = { phase: "checking" } | { phase: "done"; subscription: SubscriptionDto } | { phase: "failed" };

/**
 * /subscription-success?session_id=…: asks the server to confirm the payment (it reconciles with the provider when
 * the webhook has not arrived), shows the plan, and wakes the sync so records blocked by the old limit go now.
 */
export default function SubscriptionSuccessPage() {
  const { t } = useTranslation("subscription");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? undefined;
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<Check>({ phase: "checking" });

  const run = useCallback(async () => {
    setCheck({ phase: "checking" });
    try {
      const subscription = await billingApi.check(sessionId);
      await storeSubscription(queryClient, subscription);
      setCheck({ phase: "done", subscription });
      if (subscription.subscribed) announcePlanChanged();
    } catch {
      toast.error(t("toast.checkError"), { description: t("toast.checkErrorDescription") });
      setCheck({ phase: "failed" });
    }
  }, [queryClient, sessionId, t]);

  useEffect(() => {
    const timer = setTimeout(() => void run(), SUCCESS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [run]);

  let header;
  if (check.phase === "checking") {
    header = (
      <>
        <Loader2 className="size-12 animate-spin text-primary" aria-hidden />
        <CardTitle>{t("success.checking")}</CardTitle>
        <CardDescription>{t("success.checkingText")}</CardDescription>
      </>
    );
  } else if (check.phase === "failed") {
    header = (
      <>
        <AlertCircle className="size-12 text-destructive" aria-hidden />
        <CardTitle>{t("success.failed")}</CardTitle>
      </>
    );
  } else if (!check.subscription.subscribed) {
    header = (
      <>
        <Clock className="size-12 text-warning" aria-hidden />
        <CardTitle>{t("success.pending")}</CardTitle>
        <CardDescription>{t("success.pendingText")}</CardDescription>
      </>
    );
  } else {
    header = (
      <>
        <CheckCircle2 className="size-12 text-success" aria-hidden />
        <CardTitle>{t("success.title")}</CardTitle>
        <CardDescription data-testid="activated-plan">
          {t("success.text", { plan: t(`plans.names.${check.subscription.tier}`) })}
        </CardDescription>
      </>
    );
  }
  const retry = check.phase === "failed" || (check.phase === "done" && !check.subscription.subscribed);

  return (
    <div className="mx-auto flex max-w-lg flex-col py-8">
      <Card role="status" aria-busy={check.phase === "checking"}>
        <CardHeader className="items-center gap-3 text-center">{header}</CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          {retry ? (
            <Button onClick={() => void run()}>
              <RotateCcw aria-hidden />
              {t("success.retry")}
            </Button>
          ) : null}
          <Button asChild variant={retry ? "outline" : "primary"}>
            <Link to="/applications">{t("success.applications")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/subscription?tab=mine">{t("success.subscription")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
