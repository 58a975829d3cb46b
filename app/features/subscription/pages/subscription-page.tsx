import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Infinity as InfinityIcon, Users } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useSubscription } from "../api/billing-api.ts";
import { DowngradeBlockedDialog } from "../components/downgrade-blocked-dialog.tsx";
import { InvoicesList } from "../components/invoices-list.tsx";
import { LimitReasonBanner } from "../components/limit-reason-banner.tsx";
import { PlansGrid } from "../components/plans-grid.tsx";
import { SubscriptionSummary } from "../components/subscription-summary.tsx";
import { UsageCard } from "../../../components/usage/usage-card.tsx";
import { useBillingActions } from "../hooks/use-billing-actions.ts";
import { parseLimitReason } from "../logic/limit-reason.ts";

type Tab = "plans" | "mine";

/**
 * /subscription (spec 000 §2): 'Planos disponíveis' and 'Minha assinatura'. Only a user who may manage billing
 * (the creator of applications) gets the actions; `?limit=` says which limit sent the owner here.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation("subscription");
  const { me } = useSession();
  const canManage = me?.permissions.canManageBilling ?? false;
  const [params, setParams] = useSearchParams();
  const reason = parseLimitReason(params.get("limit"));
  const tab: Tab = params.get("tab") === "mine" ? "mine" : "plans";
  const subscription = useSubscription(canManage);
  const actions = useBillingActions();
  const data = subscription.data;

  // 'Erro ao verificar assinatura' once per failure, not on every 30 s re-check that fails again.
  const failedAt = subscription.isError ? subscription.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt)
      toast.error(t("toast.checkError"), { id: "subscription-check", description: t("toast.checkErrorDescription") });
  }, [failedAt, t]);

  const showTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "mine") updated.set("tab", "mine");
        else updated.delete("tab");
        return updated;
      },
      { replace: true },
    );

  const offlineWithoutData = isUnavailableOffline(subscription);
  const offlineNotice = <OfflineUnavailable onRetry={() => subscription.refetch()} />;
  let mine;
  if (!canManage) mine = null;
  else if (offlineWithoutData) mine = offlineNotice;
  else if (subscription.isPending) mine = <Skeleton className="h-48 w-full" />;
  else if (!data)
    mine = (
      <LoadFailed
        title={t("page.loadFailed")}
        retryLabel={t("page.retry")}
        onRetry={() => subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  else {
    mine = (
      <div className="flex flex-col gap-4">
        <SubscriptionSummary subscription={data} actions={actions} onViewPlans={() => showTab("plans")} />
        <UsageCard subscription={data} />
        <InvoicesList />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("page.subtitle")}</p>
      </div>

      {canManage ? null : (
        <Alert variant="info" data-testid="billing-forbidden">
          <Users aria-hidden />
          <div>
            <AlertTitle>{t("forbidden.title")}</AlertTitle>
            <AlertDescription>{t("forbidden.text")}</AlertDescription>
          </div>
        </Alert>
      )}
      {canManage && reason ? <LimitReasonBanner reason={reason} limits={data?.limits} /> : null}
      {data?.isSuperAdmin ? (
        <Alert variant="info">
          <InfinityIcon aria-hidden />
          <AlertDescription>{t("page.superAdmin")}</AlertDescription>
        </Alert>
      ) : null}

      {canManage ? (
        <Tabs value={tab} onValueChange={showTab}>
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="plans">{t("page.tabs.plans")}</TabsTrigger>
            <TabsTrigger value="mine">{t("page.tabs.mine")}</TabsTrigger>
          </TabsList>
          <TabsContent value="plans">
            {offlineWithoutData ? (
              offlineNotice
            ) : subscription.isError && !data ? (
              <LoadFailed
                title={t("page.loadFailed")}
                retryLabel={t("page.retry")}
                onRetry={() => subscription.refetch()}
                retrying={subscription.isFetching}
              />
            ) : null}
            {/* The grid waits for the subscription: its buttons depend on the current plan. */}
            {data ? (
              <PlansGrid key={data.billingCycle ?? "none"} subscription={data} actions={actions} reason={reason} />
            ) : null}
            {subscription.isPending && !offlineWithoutData ? <Skeleton className="h-96 w-full" /> : null}
          </TabsContent>
          <TabsContent value="mine">{mine}</TabsContent>
        </Tabs>
      ) : (
        <PlansGrid subscription={undefined} actions={actions} reason={null} />
      )}
      <DowngradeBlockedDialog blocked={actions.blockedDowngrade} onClose={actions.dismissBlockedDowngrade} />
    </div>
  );
}
