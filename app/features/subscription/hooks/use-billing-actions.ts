import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import type { TFunction } from "i18next";
import { ApiClientError, isNetworkError } from "../../../lib/api-client.ts";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { BillingCycle, LimitOverage, PurchasableTier } from "../../../../shared/billing/billing-dtos.ts";
import type { ErrorCode } from "../../../../shared/errors.ts";
import { billingApi, useBillingAction } from "../api/billing-api.ts";
import { parseOverages } from "../logic/overages.ts";
import { useBillingFormat } from "./use-billing-format.ts";
import { track } from "../../../lib/analytics/track.ts";

/** A refused downgrade: the target plan and what the usage exceeds on it. */
export interface BlockedDowngrade {
  tier: PurchasableTier;
  overages: LimitOverage[];
}

/**
 * The spec's toast for a failed billing action (000 §8): the action's title, with the catalogue's text for a known
 * refusal (`known` replaces it for some codes), the action's own text when the server or the provider failed
 * (5xx); 'Erro inesperado' when the server never answered with a code.
 */
export function billingFailureToast(
  t: TFunction,
  error: unknown,
  title: string,
  fallback: string,
  known: Partial<Record<ErrorCode, string>> = {},
): void {
  if (error instanceof ApiClientError) {
    toast.error(title, { description: known[error.code] ?? (error.status >= 500 ? fallback : apiErrorText(t, error)) });
    return;
  }
  toast.error(t("subscription:toast.unexpected"), {
    description: isNetworkError(error)
      ? t("subscription:toast.offline")
      : t("subscription:toast.unexpectedDescription"),
  });
}

/** The provider's pages open in the same window (docs/decisions.md: installed apps and pop-up blockers). */
function goTo(url: string): void {
  window.location.assign(url);
}

/** Checkout, portal, plan change, cancel and resume, each with the spec's toasts. */
export function useBillingActions() {
  const { t } = useTranslation(["subscription", "errors"]);
  const format = useBillingFormat();
  const [blockedDowngrade, setBlockedDowngrade] = useState<BlockedDowngrade | null>(null);
  const [leaving, setLeaving] = useState(false);
  const change = useBillingAction(billingApi.changePlan);
  const cancel = useBillingAction(billingApi.cancel);
  const resume = useBillingAction(billingApi.resume);
  const planName = (tier: string) => t(`subscription:plans.names.${tier}`);

  const checkout = async (tier: PurchasableTier, billingCycle: BillingCycle) => {
    setLeaving(true);
    track("trial_start", { plan: tier, cycle: billingCycle });
    try {
      goTo((await billingApi.checkout({ planName: tier, billingCycle })).url);
    } catch (error) {
      setLeaving(false);
      billingFailureToast(
        t,
        error,
        t("subscription:toast.checkoutError"),
        t("subscription:toast.checkoutErrorDescription"),
      );
    }
  };

  const openPortal = async () => {
    setLeaving(true);
    try {
      goTo((await billingApi.portal()).url);
    } catch (error) {
      setLeaving(false);
      billingFailureToast(
        t,
        error,
        t("subscription:toast.portalError"),
        t("subscription:toast.unexpectedDescription"),
        {
          NO_ACTIVE_SUBSCRIPTION: t("subscription:toast.portalNeedsSubscription"),
        },
      );
    }
  };

  const changePlan = async (tier: PurchasableTier, billingCycle: BillingCycle) => {
    try {
      const answer = await change.mutateAsync([{ newPlan: tier, billingCycle }]);
      toast.success(t("subscription:toast.changed"), {
        description: t("subscription:toast.changedDescription", { plan: planName(answer.subscription.tier) }),
      });
    } catch (error) {
      if (error instanceof ApiClientError && error.code === "DOWNGRADE_BLOCKED") {
        setBlockedDowngrade({ tier, overages: parseOverages(error.details) });
        return;
      }
      billingFailureToast(
        t,
        error,
        t("subscription:toast.changeError"),
        t("subscription:toast.unexpectedDescription"),
        {
          NO_ACTIVE_SUBSCRIPTION: t("subscription:toast.changeNeedsSubscription"),
        },
      );
    }
  };

  /** Resolves true once cancelled (the dialog closes then). */
  const cancelSubscription = async (): Promise<boolean> => {
    try {
      const answer = await cancel.mutateAsync([]);
      const end = answer.subscription.currentPeriodEnd;
      toast.success(t("subscription:toast.canceled"), {
        description: end ? t("subscription:toast.canceledDescription", { date: format.day(end) }) : undefined,
      });
      return true;
    } catch (error) {
      billingFailureToast(
        t,
        error,
        t("subscription:toast.cancelError"),
        t("subscription:toast.unexpectedDescription"),
        {
          NO_ACTIVE_SUBSCRIPTION: t("subscription:toast.cancelNoSubscription"),
        },
      );
      return false;
    }
  };

  const resumeSubscription = async () => {
    try {
      await resume.mutateAsync([]);
      toast.success(t("subscription:toast.resumed"));
    } catch (error) {
      billingFailureToast(t, error, t("subscription:toast.resumeError"), t("subscription:toast.unexpectedDescription"));
    }
  };

  return {
    checkout,
    openPortal,
    changePlan,
    cancelSubscription,
    resumeSubscription,
    /** A provider page is opening: buttons stay busy until the browser leaves. */
    leaving,
    changing: change.isPending ? change.variables?.[0].newPlan : undefined,
    cancelling: cancel.isPending,
    resuming: resume.isPending,
    blockedDowngrade,
    dismissBlockedDowngrade: () => setBlockedDowngrade(null),
  };
}
