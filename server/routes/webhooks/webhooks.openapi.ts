import { webhookEndpointInputSchema } from "../../../shared/integrations/webhook-events.ts";
import {
  webhookDeliveryPageQuerySchema,
  webhookEndpointUpdateSchema,
} from "../../../shared/integrations/webhook-dtos.ts";
import {
  createdWebhookEndpointResponseSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
} from "../../../shared/integrations/integration-response-schemas.ts";
import { declareRoutes } from "../../openapi/route-declaration.ts";

const ADMINS = "Application administrators with a session (not an API token).";

export const webhooksApi = declareRoutes("Webhooks", [
  {
    method: "get",
    path: "/api/applications/:id/webhooks",
    summary: "List the application's webhook endpoints",
    description: ADMINS,
    response: webhookEndpointListSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/webhooks",
    summary: "Register an endpoint; the answer holds its signing secret, once",
    description: ADMINS,
    body: webhookEndpointInputSchema,
    response: createdWebhookEndpointResponseSchema,
    status: 201,
  },
  {
    method: "patch",
    path: "/api/applications/:id/webhooks/:endpointId",
    summary: "Change an endpoint's URL or events, or disable and enable it",
    description: ADMINS,
    body: webhookEndpointUpdateSchema,
    response: webhookEndpointResponseSchema,
  },
  {
    method: "delete",
    path: "/api/applications/:id/webhooks/:endpointId",
    summary: "Delete an endpoint",
    description: ADMINS,
    status: 204,
  },
  {
    method: "get",
    path: "/api/applications/:id/webhooks/:endpointId/deliveries",
    summary: "The endpoint's delivery log, newest first, paged",
    description: ADMINS,
    query: webhookDeliveryPageQuerySchema,
    response: webhookDeliveryPageSchema,
  },
  {
    method: "post",
    path: "/api/applications/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver",
    summary: "Send one delivery again (a new attempt, same event id)",
    description: ADMINS,
    response: webhookDeliveryResponseSchema,
    status: 202,
  },
  {
    method: "post",
    path: "/api/applications/:id/webhooks/:endpointId/ping",
    summary: "Send a test event (ping)",
    description: ADMINS,
    response: webhookDeliveryResponseSchema,
    status: 202,
  },
]);
