import { defineRoute } from "../route-contract.ts";
import { webhookEndpointInputSchema } from "../../integrations/webhook-events.ts";
import { webhookDeliveryPageQuerySchema, webhookEndpointUpdateSchema } from "../../integrations/webhook-dtos.ts";
import {
  createdWebhookEndpointResponseSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
} from "../../integrations/integration-response-schemas.ts";
import { APPLICATION_ADMINS as ADMINS } from "./audiences.ts";

const TAG = "Webhooks";
const BASE = "/api/applications/:id/webhooks";
const ENDPOINT = `${BASE}/:endpointId` as const;

export const listWebhookEndpoints = defineRoute({
  operationId: "listWebhookEndpoints",
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List the application's webhook endpoints",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  response: webhookEndpointListSchema,
  errors: [],
});

export const createWebhookEndpoint = defineRoute({
  operationId: "createWebhookEndpoint",
  method: "post",
  path: BASE,
  tag: TAG,
  summary: "Register an endpoint; the answer holds its signing secret, once",
  description: `${ADMINS} A target on a private network answers 400 VALIDATION_FAILED.`,
  policy: "application.edit",
  token: false,
  body: webhookEndpointInputSchema,
  response: createdWebhookEndpointResponseSchema,
  status: 201,
  errors: [],
});

export const updateWebhookEndpoint = defineRoute({
  operationId: "updateWebhookEndpoint",
  method: "patch",
  path: ENDPOINT,
  tag: TAG,
  summary: "Change an endpoint's URL or events, or disable and enable it",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  body: webhookEndpointUpdateSchema,
  response: webhookEndpointResponseSchema,
  errors: ["NOT_FOUND"],
});

export const deleteWebhookEndpoint = defineRoute({
  operationId: "deleteWebhookEndpoint",
  method: "delete",
  path: ENDPOINT,
  tag: TAG,
  summary: "Delete an endpoint",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  status: 204,
  errors: ["NOT_FOUND"],
});

export const listWebhookDeliveries = defineRoute({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: `${ENDPOINT}/deliveries`,
  tag: TAG,
  summary: "The endpoint's delivery log, newest first, paged",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  query: webhookDeliveryPageQuerySchema,
  response: webhookDeliveryPageSchema,
  errors: ["NOT_FOUND"],
});

export const redeliverWebhook = defineRoute({
  operationId: "redeliverWebhook",
  method: "post",
  path: `${ENDPOINT}/deliveries/:deliveryId/redeliver`,
  tag: TAG,
  summary: "Send one delivery again (a new attempt, same event id)",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  response: webhookDeliveryResponseSchema,
  status: 202,
  errors: ["NOT_FOUND"],
});

export const pingWebhookEndpoint = defineRoute({
  operationId: "pingWebhookEndpoint",
  method: "post",
  path: `${ENDPOINT}/ping`,
  tag: TAG,
  summary: "Send a test event (ping)",
  description: ADMINS,
  policy: "application.edit",
  token: false,
  response: webhookDeliveryResponseSchema,
  status: 202,
  errors: ["NOT_FOUND"],
});

export const webhookContracts = [
  listWebhookEndpoints,
  createWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  redeliverWebhook,
  pingWebhookEndpoint,
];
