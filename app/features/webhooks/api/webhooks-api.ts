import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type {
  CreatedWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookEndpointDto,
  WebhookEndpointUpdate,
} from "../../../../shared/integrations/webhook-dtos.ts";
import type { WebhookEndpointInput } from "../../../../shared/integrations/webhook-events.ts";

const base = (applicationId: string) => `/api/applications/${applicationId}/webhooks`;
const endpointsKey = (applicationId: string) => ["webhooks", applicationId];
const deliveriesKey = (endpointId: string) => ["webhooks", "deliveries", endpointId];

export function useWebhookEndpoints(applicationId: string) {
  return useQuery({
    queryKey: endpointsKey(applicationId),
    queryFn: () => api.get<{ endpoints: WebhookEndpointDto[] }>(base(applicationId)),
    select: (body) => body.endpoints,
  });
}

export function useCreateEndpoint(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      api.post<{ endpoint: CreatedWebhookEndpointDto }>(base(applicationId), { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

export function useUpdateEndpoint(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointUpdate) =>
      api.patch<{ endpoint: WebhookEndpointDto }>(`${base(applicationId)}/${endpointId}`, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

export function useDeleteEndpoint(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(`${base(applicationId)}/${endpointId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey(applicationId) }),
  });
}

/** The endpoint's log, one page at a time; refreshed while deliveries are pending. */
export function useDeliveries(applicationId: string, endpointId: string, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), page],
    queryFn: () => api.get<WebhookDeliveryPageDto>(`${base(applicationId)}/${endpointId}/deliveries?page=${page}`),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? 3000 : false,
  });
}

/** Ping (a test event) or redeliver one delivery: either adds an attempt to the log. */
export function useDeliveryAction(applicationId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: "ping" } | { kind: "redeliver"; deliveryId: string }) =>
      api.post<{ delivery: WebhookDeliveryDto }>(
        action.kind === "ping"
          ? `${base(applicationId)}/${endpointId}/ping`
          : `${base(applicationId)}/${endpointId}/deliveries/${action.deliveryId}/redeliver`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
