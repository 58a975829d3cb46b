import { webhookEndpointInputSchema } from "../../../shared/integrations/webhook-events.ts";
import {
  webhookDeliveryPageQuerySchema,
  webhookEndpointUpdateSchema,
} from "../../../shared/integrations/webhook-dtos.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

export const webhooksApi = declareRoutes("Webhooks", [
  { method: "get", path: "/api/applications/:id/webhooks", summary: "List the application's webhook endpoints" },
  {
    method: "post",
    path: "/api/applications/:id/webhooks",
    summary: "Register an endpoint; the answer holds its signing secret, once",
    body: webhookEndpointInputSchema,
  },
  {
    method: "patch",
    path: "/api/applications/:id/webhooks/:endpointId",
    summary: "Change an endpoint's URL or events, or disable and enable it",
    body: webhookEndpointUpdateSchema,
  },
  { method: "delete", path: "/api/applications/:id/webhooks/:endpointId", summary: "Delete an endpoint" },
  {
    method: "get",
    path: "/api/applications/:id/webhooks/:endpointId/deliveries",
    summary: "The endpoint's delivery log, newest first, paged",
    query: webhookDeliveryPageQuerySchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver",
    summary: "Send one delivery again (a new attempt, same event id)",
  },
  { method: "post", path: "/api/applications/:id/webhooks/:endpointId/ping", summary: "Send a test event (ping)" },
]);
