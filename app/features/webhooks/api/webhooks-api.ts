import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, queryKeyOf } from "../../../lib/api-call.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  pingWebhookEndpoint,
  redeliverWebhook,
  updateWebhookEndpoint,
} from "../../../../shared/api/contracts/webhooks.ts";
import type { WebhookEndpointUpdate } from "../../../../shared/integrations/webhook-dtos.ts";
import type { WebhookEndpointInput } from "../../../../shared/integrations/webhook-events.ts";

/** The endpoints' list; each endpoint's delivery log nests under it, so a change to an endpoint refreshes its log. */
const endpointsKey = (applicationId: string) => queryKeyOf(listWebhookEndpoints, { params: { id: applicationId } });
/** Every page of one endpoint's log (the path without the page query). */
const deliveriesKey = (applicationId: string, endpointId: string) =>
  queryKeyOf(listWebhookDeliveries, { params: { id: applicationId, endpointId } });

export function useWebhookEndpoints(applicationId: string) {
  return useQuery({
    queryKey: endpointsKey(applicationId),
    queryFn: () => callApi(listWebhookEndpoints, { params: { id: applicationId } }),
    select: (body) => body.endpoints,
  });
}

export function useCreateEndpoint(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      callApi(createWebhookEndpoint, { params: { id: applicationId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

export function useUpdateEndpoint(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointUpdate) =>
      callApi(updateWebhookEndpoint, { params: { id: applicationId, endpointId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

export function useDeleteEndpoint(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteWebhookEndpoint, { params: { id: applicationId, endpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

/** The endpoint's log, one page at a time; refreshed while deliveries are pending. */
export function useDeliveries(applicationId: string, endpointId: string, page: number) {
  const input = { params: { id: applicationId, endpointId }, query: { page } };
  return useQuery({
    queryKey: queryKeyOf(listWebhookDeliveries, input),
    queryFn: () => callApi(listWebhookDeliveries, input),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? 3000 : false,
  });
}

/** Ping (a test event) or redeliver one delivery: either adds an attempt to the log. */
export function useDeliveryAction(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: "ping" } | { kind: "redeliver"; deliveryId: string }) =>
      action.kind === "ping"
        ? callApi(pingWebhookEndpoint, { params: { id: applicationId, endpointId } })
        : callApi(redeliverWebhook, { params: { id: applicationId, endpointId, deliveryId: action.deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(applicationId, endpointId) }),
  });
}
