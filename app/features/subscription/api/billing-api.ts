import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf, resourceKey } from "../../../lib/api-call.ts";
import * as billing from "../../../../shared/api/contracts/billing.ts";
import { getApplicationLimit, getUsage } from "../../../../shared/api/contracts/limits.ts";
import { listTeamMembers } from "../../../../shared/api/contracts/team.ts";
import { announcePlanChanged } from "../../../offline/auto-sync.ts";
import type {
  BillingActionResponse,
  ChangePlanRequest,
  CheckoutRequest,
  LocalSimulation,
  SubscriptionDto,
} from "../../../../shared/billing/billing-dtos.ts";

export const SUBSCRIPTION_KEY = queryKeyOf(billing.getSubscription, {});
export const INVOICES_KEY = queryKeyOf(billing.listInvoices, {});
export const localSessionKey = (id: string) => queryKeyOf(billing.getLocalCheckoutSession, { params: { id } });
/** Spec 000 §7: check-subscription is re-checked every 30 s. */
export const SUBSCRIPTION_REFRESH_MS = 30_000;

export const billingApi = {
  subscription: () => callApi(billing.getSubscription, {}),
  check: (sessionId?: string) => callApi(billing.checkSubscription, { body: sessionId ? { sessionId } : {} }),
  checkout: (request: CheckoutRequest) => callApi(billing.startCheckout, { body: request }),
  portal: () => callApi(billing.openBillingPortal, {}),
  changePlan: (request: ChangePlanRequest) => callApi(billing.changePlan, { body: request }),
  cancel: () => callApi(billing.cancelSubscription, {}),
  resume: () => callApi(billing.resumeSubscription, {}),
  invoices: async () => (await callApi(billing.listInvoices, {})).invoices,
  localSession: (id: string) => callApi(billing.getLocalCheckoutSession, { params: { id } }),
  payLocal: (id: string) => callApi(billing.payLocalCheckoutSession, { params: { id } }),
  cancelLocal: (id: string) => callApi(billing.cancelLocalCheckoutSession, { params: { id } }),
  simulate: (event: LocalSimulation) => callApi(billing.simulateLocalBilling, { body: { event } }),
};

/** Every application's record limit (`/api/applications/:id/limit`), whichever application it is. */
function isApplicationLimitKey(key: readonly unknown[]): boolean {
  const pattern = resourceKey(getApplicationLimit.path, { id: "*" });
  return key.length === pattern.length && pattern.every((segment, index) => segment === "*" || segment === key[index]);
}

/**
 * A new subscription from the server: stored for every reader, and the limits others cached (collect banner, team
 * seats, usage, invoices) re-read.
 */
export function storeSubscription(queryClient: QueryClient, subscription: SubscriptionDto): Promise<unknown> {
  queryClient.setQueryData(SUBSCRIPTION_KEY, subscription);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    queryClient.invalidateQueries({ predicate: (query) => isApplicationLimitKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: resourceKey(listTeamMembers.path) }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf(getUsage, {}) }),
  ]);
}

/**
 * The owner's subscription, re-checked every 30 s. When the tier it reports changes (a payment confirmed by the
 * provider, a plan that ended), records the old limit blocked are offered to the server again at once.
 */
export function useSubscription(enabled = true) {
  const query = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: billingApi.subscription,
    refetchInterval: SUBSCRIPTION_REFRESH_MS,
    staleTime: 0,
    enabled,
  });
  const tier = query.data?.tier;
  const seenTier = useRef(tier);
  useEffect(() => {
    if (tier === undefined) return;
    if (seenTier.current !== undefined && seenTier.current !== tier) announcePlanChanged();
    seenTier.current = tier;
  }, [tier]);
  return query;
}

export function useInvoices(enabled = true) {
  return useQuery({ queryKey: INVOICES_KEY, queryFn: billingApi.invoices, enabled });
}

/** A billing action whose answer carries the new subscription. */
export function useBillingAction<Args extends unknown[], Answer extends BillingActionResponse | SubscriptionDto>(
  run: (...args: Args) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation<Answer, Error, Args>({
    mutationFn: (args) => run(...args),
    onSuccess: (answer) => storeSubscription(queryClient, "subscription" in answer ? answer.subscription : answer),
  });
}
