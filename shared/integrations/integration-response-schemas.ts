import { z } from "zod";
import { API_TOKEN_ACCESS, type ApiTokenDto, type CreatedApiTokenDto } from "./api-tokens.ts";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryPageDto,
  type WebhookEndpointDto,
} from "./webhook-dtos.ts";
import { WEBHOOK_EVENTS } from "./webhook-events.ts";

/** The API token and webhook answers as schemas (OpenAPI reference, test servers' response check). */
const apiTokenShape = {
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(
    z.object({ applicationId: z.uuid(), access: z.enum(API_TOKEN_ACCESS), applicationTitle: z.string().nullable() }),
  ),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
};
const apiTokenSchema: z.ZodType<ApiTokenDto> = z.object(apiTokenShape);
const createdApiTokenSchema: z.ZodType<CreatedApiTokenDto> = z.object({ ...apiTokenShape, token: z.string() });

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export const createdApiTokenResponseSchema = z.object({ token: createdApiTokenSchema });

const endpointShape = {
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
};
const endpointSchema: z.ZodType<WebhookEndpointDto> = z.object(endpointShape);
const createdEndpointSchema: z.ZodType<CreatedWebhookEndpointDto> = z.object({ ...endpointShape, secret: z.string() });

export const webhookEndpointListSchema = z.object({ endpoints: z.array(endpointSchema) });
export const webhookEndpointResponseSchema = z.object({ endpoint: endpointSchema });
export const createdWebhookEndpointResponseSchema = z.object({ endpoint: createdEndpointSchema });

const deliverySchema: z.ZodType<WebhookDeliveryDto> = z.object({
  id: z.uuid(),
  event: z.enum([...WEBHOOK_EVENTS, "ping"]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

export const webhookDeliveryResponseSchema = z.object({ delivery: deliverySchema });
export const webhookDeliveryPageSchema: z.ZodType<WebhookDeliveryPageDto> = z.object({
  deliveries: z.array(deliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
